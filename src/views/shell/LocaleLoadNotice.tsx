import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { localeActor } from '../../app/actors.ts';
import { LOCALE_NAMES } from '../../app/localeNames.ts';
import { selectFailedLocale } from '../../machines/locale.ts';

/**
 * Says so when the French or Arabic catalogue could not be loaded (offline, a deploy
 * that removed the chunk) instead of leaving English under a /fr or /ar address, and
 * offers to try again. The language is named in itself, so it reads in any language.
 */
export function LocaleLoadNotice() {
  const failed = useSelector(localeActor, selectFailedLocale);
  if (!failed) return null;
  return (
    <div className="notice notice-error locale-load-notice" role="alert">
      <FormattedMessage id="shell.localeLoadFailed" values={{ language: <bdi lang={failed}>{LOCALE_NAMES[failed]}</bdi> }} />{' '}
      <button type="button" className="button button-small" onClick={() => localeActor.send({ type: 'locale.set', locale: failed })}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}

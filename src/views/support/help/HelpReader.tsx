import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { recordMachine } from '../../../machines/resources/record.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { TagChips } from '../../ui/TagChips.tsx';

/** The language a `*_i18n` text is shown in: the user's, else English, else any that has it. */
function shownLanguage(texts: Record<string, string | undefined>, locale: string): string | undefined {
  const lang = locale.slice(0, 2);
  if (texts[lang]) return lang;
  if (texts.en) return 'en';
  return Object.keys(texts).find((key) => texts[key]);
}

/** An article as vendor staff read it beside the list: title, tags and text in their language. */
export function HelpReader({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const record = useActorRef(recordMachine, { input: { resource: 'help-articles', id } });
  const snapshot = useSelector(record, (s) => s);
  const article = snapshot.context.record;
  useEffect(() => {
    if (article) heading.current?.focus();
  }, [article !== null]);

  if (snapshot.matches('notFound')) {
    return (
      <section className="card help-reader">
        <EmptyState title={<FormattedMessage id="record.notFound" />} />
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id="help.close" />
        </button>
      </section>
    );
  }
  if (snapshot.matches('failed')) return <ErrorState detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />;
  if (!article) return <p className="muted"><FormattedMessage id="common.loading" /></p>;

  const titles = (article.title_i18n ?? {}) as Record<string, string>;
  const bodies = (article.body_i18n ?? {}) as Record<string, string>;
  const titleLang = shownLanguage(titles, intl.locale);
  const bodyLang = shownLanguage(bodies, intl.locale);
  const tags = (article.tags ?? []) as string[];
  return (
    <article className="card help-reader" aria-labelledby={headingId}>
      <div className="help-reader-head">
        <h2 id={headingId} ref={heading} tabIndex={-1} lang={titleLang} dir="auto">
          {titleLang ? titles[titleLang] : ''}
        </h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          <FormattedMessage id="help.close" />
        </button>
      </div>
      <TagChips tags={tags} label={intl.formatMessage({ id: 'help.tags' })} />
      <div className="help-body" lang={bodyLang} dir="auto">
        {bodyLang ? bodies[bodyLang] : ''}
      </div>
    </article>
  );
}

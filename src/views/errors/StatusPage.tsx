import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import { HOME_PATH } from '../../app/routes.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';

/** A page that stands for an HTTP status (404, 403): its code, what happened, why, and a way back home. */
export function StatusPage({ code, title, detail }: { code: number; title: string; detail?: string }) {
  usePageReady();
  useDocumentTitle(useIntl().formatMessage({ id: title }));
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">{code}</p>
      <h1 id="error-title">
        <FormattedMessage id={title} />
      </h1>
      {detail && (
        <p className="error-message">
          <FormattedMessage id={detail} />
        </p>
      )}
      <Link href={HOME_PATH} className="button">
        <FormattedMessage id="error.backHome" />
      </Link>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { HOME_PATH } from '../../app/routes.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';

/** A page that failed: its message and status code (500 when it has none). */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  useDocumentTitle(useIntl().formatMessage({ id: 'error.generic' }));
  return (
    <section className="error-page" aria-labelledby="error-title" role="alert">
      <p className="error-code">{status}</p>
      <h1 id="error-title">
        <FormattedMessage id="error.generic" />
      </h1>
      {message && <p className="error-message">{message}</p>}
      <Link href={HOME_PATH} className="button">
        <FormattedMessage id="error.backHome" />
      </Link>
    </section>
  );
}

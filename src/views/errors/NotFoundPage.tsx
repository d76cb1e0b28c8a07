import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import { HOME_PATH } from '../../app/routes.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';

/** The seed's 404: "This page could not be found" with a way back home. */
export function NotFoundPage() {
  usePageReady();
  useDocumentTitle(useIntl().formatMessage({ id: 'error.notFound' }));
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">404</p>
      <h1 id="error-title">
        <FormattedMessage id="error.notFound" />
      </h1>
      <Link href={HOME_PATH} className="button">
        <FormattedMessage id="error.backHome" />
      </Link>
    </section>
  );
}

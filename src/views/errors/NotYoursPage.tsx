import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import { HOME_PATH } from '../../app/routes.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';

/**
 * A screen that exists but is for staff only, opened by vendor staff: saying "not found"
 * would send them looking for a broken link; this says the screen is not theirs to open.
 */
export function NotYoursPage() {
  usePageReady();
  useDocumentTitle(useIntl().formatMessage({ id: 'error.notYours' }));
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">403</p>
      <h1 id="error-title">
        <FormattedMessage id="error.notYours" />
      </h1>
      <p className="error-message">
        <FormattedMessage id="error.notYoursDetail" />
      </p>
      <Link href={HOME_PATH} className="button">
        <FormattedMessage id="error.backHome" />
      </Link>
    </section>
  );
}

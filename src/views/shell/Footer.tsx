import { FormattedMessage, useIntl } from 'react-intl';
import { useCompany, useSiteSettings } from './siteSettings.ts';

/** The company behind the marketplace (its settings), the year and the version. */
export function Footer() {
  const intl = useIntl();
  useSiteSettings();
  const company = useCompany();
  const ids = company && [company.rc_number && `RC ${company.rc_number}`, company.nif_number && `NIF ${company.nif_number}`].filter(Boolean);
  return (
    <footer className="footer">
      <span>
        <FormattedMessage id="footer.copyright" values={{ year: intl.formatDate(Date.now(), { year: 'numeric' }) }} />
      </span>
      {company && (
        <span className="footer-company" data-testid="footer-company">
          <bdi>{company.legal_name}</bdi>
          {ids && ids.length > 0 && (
            <>
              {' · '}
              <bdi dir="ltr">{ids.join(' · ')}</bdi>
            </>
          )}
          {company.email && (
            <>
              {' · '}
              <a href={`mailto:${company.email}`} dir="ltr">{company.email}</a>
            </>
          )}
          {company.phone && (
            <>
              {' · '}
              <bdi dir="ltr">{company.phone}</bdi>
            </>
          )}
        </span>
      )}
      <span>
        <FormattedMessage id="footer.version" values={{ version: __APP_VERSION__ }} />
      </span>
    </footer>
  );
}

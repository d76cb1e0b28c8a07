import { FormattedMessage, useIntl } from 'react-intl';

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="footer">
      <span>
        <FormattedMessage id="footer.copyright" values={{ year: intl.formatDate(Date.now(), { year: 'numeric' }) }} />
      </span>
      <span>
        <FormattedMessage id="footer.version" values={{ version: __APP_VERSION__ }} />
      </span>
    </footer>
  );
}

/** A notification's audience in words: one customer or user by name, a topic, a segment, everyone. */
import { FormattedMessage, useIntl } from 'react-intl';
import { localized } from '../ui/format.ts';

interface AudienceFields {
  audience_type: string;
  _expanded?: { audience_customer_id?: { name?: unknown } | null; audience_user_id?: { name?: unknown } | null; topic_id?: { name_i18n?: unknown } | null };
}

export function AudienceText({ record }: { record: AudienceFields }) {
  const intl = useIntl();
  const x = record._expanded ?? {};
  const name =
    record.audience_type === 'customer' ? x.audience_customer_id?.name
    : record.audience_type === 'user' ? x.audience_user_id?.name
    : record.audience_type === 'topic' && x.topic_id ? localized(x.topic_id.name_i18n, intl.locale)
    : null;
  return (
    <span className="cell-stack">
      <span>
        <FormattedMessage id={`notificationAudience.${record.audience_type}`} />
      </span>
      {name ? <span className="muted">{String(name)}</span> : null}
    </span>
  );
}

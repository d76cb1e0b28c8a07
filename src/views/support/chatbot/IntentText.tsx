import { FormattedMessage, useIntl } from 'react-intl';

/** The intent the bot detected, in words when the catalogue knows it, and how sure it was. */
export function IntentText({ intent, confidence }: { intent: string | null; confidence: number | null }) {
  const intl = useIntl();
  const id = `chatbotIntent.${intent}`;
  return (
    <span className="cell-stack">
      <span>{intent ? (id in intl.messages ? intl.formatMessage({ id }) : <bdi dir="ltr">{intent}</bdi>) : <FormattedMessage id="chatbot.noIntent" />}</span>
      {confidence != null && (
        <span className="muted">
          <FormattedMessage id="chatbot.confidence" values={{ value: intl.formatNumber(confidence, { style: 'percent' }) }} />
        </span>
      )}
    </span>
  );
}

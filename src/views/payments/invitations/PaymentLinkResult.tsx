import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** The address a payer opens: the public page of the link's token, on this server. */
export const payLinkUrl = (token: string) => `${location.origin}/pay/${token}`;

/** A link's address to copy and paste into a message, with a button that copies it. */
export function CopyPayLink({ token, compact = false }: { token: string; compact?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'copyFailed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = payLinkUrl(token);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied('copied'),
      () => setCopied('copyFailed'),
    );
  if (compact) {
    return (
      <span className="pay-link-copy">
        <button type="button" className="button button-ghost" onClick={copy}>
          <FormattedMessage id="paymentLink.copy" />
        </button>
        <span role="status" className="muted">
          {copied !== 'idle' && <FormattedMessage id={`paymentLink.${copied}`} />}
        </span>
      </span>
    );
  }
  return (
    <div className="field pay-link-result">
      <label htmlFor={id}>
        <FormattedMessage id="paymentLink.address" />
      </label>
      <span className="pay-link-row">
        <input id={id} readOnly value={url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={copy}>
          <FormattedMessage id="paymentLink.copy" />
        </button>
      </span>
      <span role="status" className="muted">
        {copied !== 'idle' && <FormattedMessage id={`paymentLink.${copied}`} />}
      </span>
    </div>
  );
}

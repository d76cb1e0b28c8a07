import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { copyLinkMachine } from '../../../machines/payments/copyLink.ts';
import type { LinkSent } from '../../../machines/payments/sendLink.ts';

/** The address a payer opens: the public page of the link's token, on this server. */
export const payLinkUrl = (token: string) => `${location.origin}/pay/${token}`;

/** A link's address to copy and paste into a message, with a button that copies it. */
export function CopyPayLink({ token, compact = false }: { token: string; compact?: boolean }) {
  const id = useId();
  const copier = useActorRef(copyLinkMachine);
  // What the status line says: nothing, "copied" or "could not copy".
  const copied = useSelector(copier, (s) => (s.matches('copied') ? 'copied' : s.matches('copyFailed') ? 'copyFailed' : 'idle'));
  const url = payLinkUrl(token);
  const copy = () => copier.send({ type: 'copy', text: url });
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

/** To whom a link went ("by SMS to …, by email to …"), or that it was only created and is to be shared. */
export function SentTo({ to }: { to: readonly LinkSent[] }) {
  const intl = useIntl();
  if (to.length === 0) return <FormattedMessage id="paymentLink.notSent" />;
  const ways = to.map((r) => intl.formatMessage({ id: `paymentLink.via.${r.channel}` }, { address: `\u2068${r.address}\u2069` }));
  return <FormattedMessage id="paymentLink.sentTo" values={{ to: intl.formatList(ways, { type: 'conjunction' }) }} />;
}

import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../../app/actors.ts';
import { allowedEvents } from '../../../../common/lifecycles/index.ts';
import { payoutPanelMachine } from '../../../machines/payments/payouts.ts';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDate, formatDateTime, formatMoney, formatSignedMoney } from '../../ui/format.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';

const statementDownload = defineCommand({ command: 'payoutStatement' });

/**
 * One payout beside the list: its figures, its entries, the statement, and the actions
 * the payout chart allows (approve, mark paid with the bank reference, cancel). The first
 * payout to a changed payout account says it awaits a second approval, and offers it to
 * staff other than the one who changed the account.
 */
export function PayoutPanel({ id, staff, onChanged, onClose }: { id: string; staff: boolean; onChanged: () => void; onClose: () => void }) {
  const intl = useIntl();
  const headingId = useId();
  const entriesId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const actor = useActorRef(payoutPanelMachine, { input: { id } });
  const snapshot = useSelector(actor, (s) => s);
  const me = useSelector(sessionActor, (s) => s.context.user?.id);
  const { loaded, errors, detail, bankReference } = snapshot.context;
  const [cancelling, setCancelling] = useState(false);
  // Another download once one is done.
  const statement = useCommand(statementDownload, { onDone: () => statement.again() });
  const busy = snapshot.hasTag('busy');
  const payout = loaded?.payout;
  const version = payout?.version;
  // The list shows the new status once an action went through (the panel reloads itself).
  const first = useRef(version);
  useEffect(() => {
    if (version === undefined) return;
    if (first.current !== undefined && first.current !== version) onChanged();
    else heading.current?.focus();
    first.current = version;
  }, [version]);

  if (snapshot.matches('failed')) return <ErrorState detail={detail ?? undefined} onRetry={() => actor.send({ type: 'retry' })} />;
  if (!payout || !loaded) {
    return (
      <p className="muted" role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }

  const refusal = refusalText(errors, detail);
  const currency = String(payout.currency);
  const money = (minor: unknown) => formatMoney(intl, Number(minor ?? 0), currency);
  // What adds to or takes from "To pay" says so by its sign.
  const signed = (minor: number) => formatSignedMoney(intl, minor, currency);
  const status = String(payout.status);
  const offered = allowedEvents('payout', status, { now: new Date().toISOString(), role: staff ? 'staff' : 'vendor', record: payout });
  const vendor = (payout._expanded as { vendor_id?: { trade_name?: string } | null } | undefined)?.vendor_id?.trade_name;
  const pay = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'pay' });
  };

  return (
    <article className="card payout-panel" aria-labelledby={headingId} aria-busy={busy}>
      <div className="payout-panel-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          <FormattedMessage id="payouts.panelTitle" values={{ vendor: vendor ?? '', date: formatDate(intl, String(payout.period_end)) }} />
        </h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          <FormattedMessage id="payouts.close" />
        </button>
      </div>
      <StatusChip status={status} kind="payoutStatus" />
      <AccountCheck payout={payout} staff={staff} me={me} busy={busy} onApprove={() => actor.send({ type: 'approve_account' })} />
      {refusal && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={refusal} />
        </p>
      )}
      {statement.error && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={statement.error} />
        </p>
      )}
      <dl className="payout-figures">
        <div><dt><FormattedMessage id="payouts.entryCount" /></dt><dd>{intl.formatNumber(Number(payout.entries_count))}</dd></div>
        <div><dt><FormattedMessage id="payouts.gross" /></dt><dd>{money(payout.gross)}</dd></div>
        <div><dt><FormattedMessage id="payouts.refunds" /></dt><dd>{signed(-Number(payout.refunds))}</dd></div>
        <div><dt><FormattedMessage id="payouts.reserveHeldPlain" /></dt><dd>{signed(-Number(payout.reserve_held))}</dd></div>
        <div><dt><FormattedMessage id="payouts.reserveReleased" /></dt><dd>{signed(Number(payout.reserve_released ?? 0))}</dd></div>
        <div className="payout-figures-total"><dt><FormattedMessage id="payouts.amount" /></dt><dd>{money(payout.amount)}</dd></div>
        {payout.paid_at != null && (
          <div>
            <dt><FormattedMessage id="payouts.paid" /></dt>
            <dd>
              {formatDateTime(intl, String(payout.paid_at))} · <bdi dir="ltr">{String(payout.bank_reference)}</bdi>
            </dd>
          </div>
        )}
      </dl>

      <div className="payout-panel-actions">
        <button
          type="button"
          className="button"
          disabled={statement.busy}
          onClick={() => {
            statement.set({ id: String(payout.id), period_end: String(payout.period_end), locale: intl.locale });
            statement.submit();
          }}
        >
          <FormattedMessage id="payouts.statement" />
        </button>
        {offered.includes('approve') && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => actor.send({ type: 'approve' })}>
            <FormattedMessage id="payouts.approve" />
          </button>
        )}
        {offered.includes('cancel') && (
          <button type="button" className="button button-danger" disabled={busy} onClick={() => setCancelling(true)}>
            <FormattedMessage id="payouts.cancel" />
          </button>
        )}
      </div>

      {offered.includes('pay') && (
        <form className="payout-pay" noValidate onSubmit={pay}>
          <TextField
            label={<FormattedMessage id="payouts.bankReference" />}
            required
            dir="ltr"
            maxLength={100}
            autoComplete="off"
            value={bankReference}
            onChange={(value) => actor.send({ type: 'bankReference.changed', value })}
            errors={errorsAt(errors, 'bank_reference')}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            <FormattedMessage id="payouts.markPaid" />
          </button>
        </form>
      )}

      <h3 id={entriesId}>
        <FormattedMessage id="payouts.entries" />
      </h3>
      {loaded.entries.length === 0 ? (
        <p className="muted"><FormattedMessage id="payouts.noEntries" /></p>
      ) : (
        // Scrolls on its own: focusable so a keyboard can scroll it.
        <ul className="payout-entries" tabIndex={0} aria-labelledby={entriesId}>
          {loaded.entries.map((entry) => {
            const booking = (entry._expanded as { booking_id?: { ref?: string; customer_name?: string } | null } | undefined)?.booking_id;
            return (
              <li key={entry.id} data-kind={String(entry.kind)}>
                <span className="cell-stack">
                  <bdi dir="ltr">{booking?.ref ?? String(entry.booking_id).slice(0, 8)}</bdi>
                  <span className="muted"><FormattedMessage id={`payouts.kind.${entry.kind}`} /> · {booking?.customer_name}</span>
                </span>
                <span className="payout-entry-amount">{money(entry.amount)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {/* The payout's own count is exact; the list's count is capped on large sets. */}
      {Number(payout.entries_count) > loaded.entries.length && (
        <p className="muted"><FormattedMessage id="payouts.moreEntries" values={{ count: Number(payout.entries_count) - loaded.entries.length }} /></p>
      )}

      <ConfirmDialog
        open={cancelling}
        danger
        title={<FormattedMessage id="payouts.cancelTitle" />}
        description={<FormattedMessage id="payouts.cancelDescription" />}
        confirmLabel={<FormattedMessage id="payouts.cancel" />}
        cancelLabel={<FormattedMessage id="payouts.keep" />}
        onCancel={() => setCancelling(false)}
        onConfirm={() => {
          setCancelling(false);
          actor.send({ type: 'cancel' });
        }}
      />
    </article>
  );
}

/**
 * The second approval a payout to a changed payout account waits for: when, by whom and
 * why the account changed, and the approval for another staff member.
 */
function AccountCheck({ payout, staff, me, busy, onApprove }: { payout: Record<string, unknown>; staff: boolean; me: string | undefined; busy: boolean; onApprove: () => void }) {
  const intl = useIntl();
  if (payout.account_approval === 'approved') {
    return (
      <p className="muted">
        <FormattedMessage id="payouts.accountApproved" />
      </p>
    );
  }
  if (payout.account_approval !== 'awaiting') return null;
  const reason = typeof payout.account_change_reason === 'string' && payout.account_change_reason ? payout.account_change_reason : null;
  return (
    <div className="notice payout-account-check" role="status">
      <p>
        <strong>
          <FormattedMessage id="payouts.accountAwaiting" />
        </strong>
      </p>
      <p>
        <FormattedMessage
          id="payouts.accountAwaitingDetail"
          values={{
            date: payout.account_changed_at ? formatDateTime(intl, String(payout.account_changed_at)) : '—',
            who: <bdi>{String(payout.account_changed_by_name ?? '—')}</bdi>,
            reason: reason ? <bdi>{reason}</bdi> : intl.formatMessage({ id: 'payouts.accountNoReason' }),
          }}
        />
      </p>
      {staff &&
        (payout.account_changed_by === me ? (
          <p>
            <FormattedMessage id="payouts.accountChangerWaits" />
          </p>
        ) : (
          <p>
            <button type="button" className="button button-primary" disabled={busy} onClick={onApprove}>
              <FormattedMessage id="payouts.approveAccount" />
            </button>
          </p>
        ))}
    </div>
  );
}

/** A refusal the bank reference field does not show: the server's detail, or a message at another field. */
function refusalText(errors: Record<string, string[]>, detail: string | null): string | null {
  const atField = Object.keys(errors).includes('bank_reference');
  if (atField) return null;
  return detail ?? Object.values(errors).flat()[0] ?? null;
}

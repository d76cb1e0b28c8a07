import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { fetchRefundable, type Refundable } from '../../api/refunds.ts';
import { createRecord, fetchList, type ApiRecord } from '../../api/resources.ts';
import { allowedEvents } from '../../machines/lifecycles/index.ts';
import { fieldValue, recordMachine, selectIsDirty } from '../../machines/resources/record.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ReasonField } from '../ui/ReasonField.tsx';
import { ConflictView } from '../ui/ConflictView.tsx';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { formatDateTime, formatMoney, localized } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useLeaveGuard } from '../ui/useLeaveGuard.tsx';

/** Actions offered in this order; which ones show comes from the booking lifecycle chart. */
const ACTION_ORDER = ['confirm', 'decline', 'check_in', 'no_show', 'undo', 'complete', 'cancel'] as const;
const DANGEROUS = new Set(['decline', 'no_show', 'cancel']);
const REFUND_DESTINATIONS = ['original_method', 'wallet', 'gift_card'] as const;

interface Related {
  payments: ApiRecord[];
  refunds: ApiRecord[];
  audit: ApiRecord[];
  /** How much may be refunded and from which payment: the server decides. */
  refundable: Refundable | null;
}

export function BookingDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const record = useActorRef(recordMachine, { input: { resource: 'bookings', id: params.id ?? '' } });
  const snapshot = useSelector(record, (s) => s);
  const admin = useSelector(sessionActor, (s) => s.context.user?.admin === true);
  const booking = snapshot.context.record;
  const [related, setRelated] = useState<Related | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  // Bumped when something the booking's version does not reflect changes (a refund requested).
  const [relatedStamp, setRelatedStamp] = useState(0);
  const dirty = selectIsDirty(snapshot);
  const leave = useLeaveGuard(dirty);
  usePageReady(!snapshot.matches('loading'));

  // Payments, refunds and the audit trail follow the booking's version.
  useEffect(() => {
    if (!booking) return;
    const controller = new AbortController();
    const by = { page: 1, page_size: 100, search: '', ordering: 'created_at' };
    Promise.all([
      fetchList('payments', { ...by, filters: { booking_id: booking.id } }, controller.signal),
      fetchList('refunds', { ...by, filters: { booking_id: booking.id } }, controller.signal),
      fetchList('audit-log', { ...by, ordering: '-at', filters: { entity: 'bookings', entity_id: booking.id } }, controller.signal, undefined, ['actor_user_id']),
      fetchRefundable(booking.id, controller.signal),
    ])
      .then(([payments, refunds, audit, refundable]) => setRelated({ payments: payments.results, refunds: refunds.results, audit: audit.results, refundable }))
      .catch(() => setRelated({ payments: [], refunds: [], audit: [], refundable: null }));
    return () => controller.abort();
  }, [booking?.id, booking?.version, relatedStamp]);

  if (snapshot.matches('notFound')) {
    return (
      <PageFrame route={route} id={params.id}>
        <EmptyState title={<FormattedMessage id="record.notFound" />} />
      </PageFrame>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <PageFrame route={route} id={params.id}>
        <ErrorState detail={snapshot.context.error?.detail} onRetry={() => record.send({ type: 'retry' })} />
      </PageFrame>
    );
  }
  if (!booking) return null;

  const currency = String(booking.currency ?? 'DZD');
  const money = (value: unknown) => formatMoney(intl, Number(value ?? 0), currency);
  const status = String(booking.status);
  const offered = allowedEvents('booking', status, {
    now: new Date().toISOString(),
    role: admin ? 'staff' : 'vendor',
    record: booking,
  });
  const actions = ACTION_ORDER.filter((event) => offered.includes(event));
  const busy = snapshot.hasTag('busy');
  const editing = snapshot.matches('editing') || snapshot.matches('invalid') || snapshot.matches('saving');
  const participants = (booking.participants ?? {}) as Record<string, number>;

  return (
    <PageFrame route={route} id={String(booking.ref)}>
      {leave.dialog}
      <div className="record-header">
        <StatusChip status={status} kind="bookingStatus" />
        <StatusChip status={String(booking.payment_status)} kind="paymentStatus" />
        <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'booking.actions' })}>
          {actions.map((event) => (
            <button
              key={event}
              type="button"
              className={DANGEROUS.has(event) ? 'button' : 'button button-primary'}
              disabled={busy}
              onClick={() => (event === 'cancel' || DANGEROUS.has(event) ? setPending(event) : record.send({ type: 'transition', event }))}
            >
              <FormattedMessage id={`bookingEvent.${event}`} />
            </button>
          ))}
          {(related?.refundable?.amount ?? 0) > 0 && (
            <button type="button" className="button" disabled={busy} onClick={() => setRefunding(true)}>
              <FormattedMessage id="booking.refund" />
            </button>
          )}
          {Number(booking.balance) > 0 && <PaymentLinkButton booking={booking} />}
        </div>
      </div>

      {snapshot.context.error && !snapshot.matches('conflict') && (
        <div className="notice notice-error" role="alert">
          {snapshot.context.error.detail}
          {snapshot.context.allowedEvents && (
            <>
              {' '}
              <FormattedMessage
                id="record.allowedEvents"
                values={{ events: snapshot.context.allowedEvents.map((e) => intl.formatMessage({ id: `bookingEvent.${e}` })).join(', ') }}
              />
            </>
          )}
        </div>
      )}
      {snapshot.matches('saved') && (
        <div className="notice notice-info" role="status">
          <FormattedMessage id="record.saved" />
        </div>
      )}

      <div className="record-grid">
        <section className="card" aria-labelledby="booking-who">
          <h2 id="booking-who">
            <FormattedMessage id="booking.customer" />
          </h2>
          <dl className="facts">
            <dt><FormattedMessage id="booking.customer" /></dt>
            <dd>{String(booking.customer_name)}</dd>
            <dt><FormattedMessage id="booking.phone" /></dt>
            <dd dir="ltr">{String(booking.customer_phone ?? '—')}</dd>
            <dt><FormattedMessage id="booking.service" /></dt>
            <dd>{localized(booking.service_title_i18n, intl.locale) || '—'}</dd>
            <dt><FormattedMessage id="booking.startsAt" /></dt>
            <dd>{formatDateTime(intl, String(booking.starts_at))}</dd>
            <dt><FormattedMessage id="booking.participants" /></dt>
            <dd>
              {Object.entries(participants)
                .filter(([, n]) => n > 0)
                .map(([type, n]) => intl.formatMessage({ id: `customerType.${type}` }, { count: n }))
                .join(' · ')}
            </dd>
            <dt><FormattedMessage id="booking.channel" /></dt>
            <dd><FormattedMessage id={`channel.${String(booking.channel)}`} /></dd>
          </dl>
        </section>

        <section className="card" aria-labelledby="booking-money">
          <h2 id="booking-money">
            <FormattedMessage id="booking.lineItems" />
          </h2>
          <dl className="facts facts-money">
            <dt><FormattedMessage id="booking.subtotal" /></dt>
            <dd>{money(booking.subtotal)}</dd>
            {((booking.extras ?? []) as { key: string; quantity: number; amount: number }[]).map((extra) => (
              <div key={extra.key} className="facts-row">
                <dt>{extra.key} × {intl.formatNumber(extra.quantity)}</dt>
                <dd>{money(extra.amount)}</dd>
              </div>
            ))}
            <dt><FormattedMessage id="booking.discount" /></dt>
            <dd>− {money(booking.discount_amount)}</dd>
            <dt><FormattedMessage id="booking.fee" /></dt>
            <dd>{money(booking.fee_amount)}</dd>
            <dt className="facts-total"><FormattedMessage id="booking.total" /></dt>
            <dd className="facts-total">{money(booking.total)}</dd>
            <dt><FormattedMessage id="booking.paid" /></dt>
            <dd>{money(booking.paid)}</dd>
            <dt><FormattedMessage id="booking.refunded" /></dt>
            <dd>{money(booking.refunded)}</dd>
            <dt className="facts-total"><FormattedMessage id="booking.balance" /></dt>
            <dd className="facts-total">{money(booking.balance)}</dd>
          </dl>
        </section>

        <section className="card card-wide" aria-labelledby="booking-notes">
          <h2 id="booking-notes">
            <FormattedMessage id="booking.notes" />
          </h2>
          {snapshot.matches('conflict') ? (
            <ConflictView
              mine={String(snapshot.context.draft.notes ?? '')}
              theirs={String(snapshot.context.conflict?.notes ?? '')}
              onKeepMine={() => record.send({ type: 'conflict.keepMine' })}
              onTakeTheirs={() => record.send({ type: 'conflict.takeTheirs' })}
              messageId="record.conflict"
            />
          ) : editing ? (
            <NotesEditor
              value={String(fieldValue(snapshot.context, 'notes') ?? '')}
              errors={snapshot.context.fieldErrors.notes}
              saving={snapshot.matches('saving')}
              onChange={(value) => record.send({ type: 'field.changed', name: 'notes', value })}
              onSave={() => record.send({ type: 'save' })}
              onCancel={() => record.send({ type: 'cancel' })}
            />
          ) : (
            <>
              <p className="notes">{booking.notes ? String(booking.notes) : <span className="muted"><FormattedMessage id="booking.noNotes" /></span>}</p>
              <button type="button" className="button" onClick={() => record.send({ type: 'edit' })}>
                <FormattedMessage id="booking.editNotes" />
              </button>
            </>
          )}
        </section>

        <section className="card card-wide" aria-labelledby="booking-timeline">
          <h2 id="booking-timeline">
            <FormattedMessage id="booking.timeline" />
          </h2>
          <Timeline related={related} money={money} />
        </section>
      </div>

      <ReasonDialog
        event={pending}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => {
          if (pending) record.send({ type: 'transition', event: pending, payload: reason ? { reason } : {} });
          setPending(null);
        }}
      />
      <RefundDialog
        open={refunding}
        booking={booking}
        refundable={related?.refundable ?? null}
        money={money}
        onClose={(done) => {
          setRefunding(false);
          if (done) {
            record.send({ type: 'reload' });
            setRelatedStamp((n) => n + 1);
          }
        }}
      />
    </PageFrame>
  );
}

function NotesEditor(props: { value: string; errors?: string[]; saving: boolean; onChange: (v: string) => void; onSave: () => void; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <TextField
        label={<FormattedMessage id="booking.notes" />}
        hideLabel
        multiline={4}
        maxLength={2000}
        value={props.value}
        errors={props.errors}
        placeholder={intl.formatMessage({ id: 'booking.notesPlaceholder' })}
        onChange={props.onChange}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onCancel} disabled={props.saving}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="submit" className="button button-primary" disabled={props.saving}>
          <FormattedMessage id={props.saving ? 'record.saving' : 'record.save'} />
        </button>
      </div>
    </form>
  );
}

function ReasonDialog({ event, busy, onConfirm, onCancel }: { event: string | null; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const needsReason = event === 'cancel';
  return (
    <ConfirmDialog
      open={event !== null}
      title={event ? <FormattedMessage id={`bookingEvent.${event}.title`} /> : ''}
      description={<FormattedMessage id="booking.confirmIrreversible" />}
      confirmLabel={event ? <FormattedMessage id={`bookingEvent.${event}`} /> : ''}
      danger
      busy={busy}
      onCancel={() => {
        setMissing(false);
        onCancel();
      }}
      onConfirm={() => {
        if (needsReason && !reason.trim()) {
          setMissing(true);
          return;
        }
        onConfirm(reason.trim());
        setReason('');
        setMissing(false);
      }}
    >
      {needsReason && (
        <ReasonField
          label="booking.cancelReason"
          value={reason}
          missing={missing}
          placeholder={intl.formatMessage({ id: 'booking.cancelReasonPlaceholder' })}
          onChange={setReason}
        />
      )}
    </ConfirmDialog>
  );
}

function RefundDialog({
  open,
  booking,
  refundable: allowed,
  money,
  onClose,
}: {
  open: boolean;
  booking: ApiRecord;
  refundable: Refundable | null;
  money: (v: unknown) => string;
  onClose: (done: boolean) => void;
}) {
  const refundable = allowed?.amount ?? 0;
  const [amount, setAmount] = useState<number | null>(null);
  const [amountInvalid, setAmountInvalid] = useState(false);
  const [destination, setDestination] = useState('original_method');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const local: Record<string, string[]> = {};
    // An amount that does not parse already says so at the field.
    if (amountInvalid) return;
    if (amount === null || amount <= 0) local.amount = ['refund.amountInvalid'];
    else if (amount > refundable) local.amount = ['refund.amountTooHigh'];
    if (!reason.trim()) local.reason = ['booking.reasonRequired'];
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      await createRecord('refunds', {
        booking_id: booking.id,
        payment_id: allowed?.payment_id ?? null,
        amount,
        destination,
        reason: reason.trim(),
        notify_customer: true,
      });
      setAmount(null);
      setReason('');
      onClose(true);
    } catch (error) {
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]>; detail?: string }).fieldErrors ?? {};
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { amount: [(error as { detail?: string }).detail ?? 'refund.failed'] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={<FormattedMessage id="booking.refund" />}
      description={<FormattedMessage id="refund.refundable" values={{ amount: money(refundable) }} />}
      confirmLabel={<FormattedMessage id="refund.request" />}
      busy={busy}
      onCancel={() => onClose(false)}
      onConfirm={submit}
    >
      <MoneyField
        label={<FormattedMessage id="refund.amount" />}
        required
        value={amount}
        currency={String(booking.currency ?? 'DZD')}
        onChange={(minor, invalid) => {
          setAmount(minor);
          setAmountInvalid(invalid);
        }}
        errors={errors.amount}
      />
      <button type="button" className="button button-ghost refund-full" onClick={() => setAmount(refundable)}>
        <FormattedMessage id="refund.full" />
      </button>
      <SelectField
        label={<FormattedMessage id="refund.destination" />}
        value={destination}
        options={REFUND_DESTINATIONS}
        labelPrefix="refundDestination"
        onChange={setDestination}
      />
      <TextField
        label={<FormattedMessage id="refund.reason" />}
        required
        multiline={2}
        maxLength={1000}
        value={reason}
        errors={errors.reason}
        onChange={setReason}
      />
    </ConfirmDialog>
  );
}

function PaymentLinkButton({ booking }: { booking: ApiRecord }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="button"
      disabled={state === 'sending' || state === 'sent'}
      onClick={async () => {
        setState('sending');
        try {
          await createRecord('payment-invitations', {
            booking_id: booking.id,
            invitee_name: booking.customer_name ?? null,
            invitee_phone: booking.customer_phone ?? null,
            amount: Number(booking.balance),
          });
          setState('sent');
        } catch {
          setState('failed');
        }
      }}
    >
      <FormattedMessage id={`booking.paymentLink.${state}`} />
    </button>
  );
}

/** `transition:cancel` reads as the event's name; create, update and delete have their own words. */
function auditAction(intl: ReturnType<typeof useIntl>, action: string): string {
  if (action.startsWith('transition:')) return intl.formatMessage({ id: `bookingEvent.${action.slice('transition:'.length)}` });
  const id = `auditAction.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/** Who acted: their name when the server could say it, else the email the entry kept. */
function personOf(entry: ApiRecord): string {
  const actor = entry._expanded?.actor_user_id;
  return String(actor?.name ?? entry.actor_email ?? '—');
}

function Timeline({ related, money }: { related: Related | null; money: (v: unknown) => string }) {
  const intl = useIntl();
  if (!related) return <p className="muted"><FormattedMessage id="common.loading" /></p>;
  const items = [
    ...related.payments.map((p) => ({ at: String(p.created_at), kind: 'payment', record: p })),
    ...related.refunds.map((r) => ({ at: String(r.created_at), kind: 'refund', record: r })),
    ...related.audit.map((a) => ({ at: String(a.at), kind: 'audit', record: a })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (items.length === 0) return <p className="muted"><FormattedMessage id="booking.timelineEmpty" /></p>;
  return (
    <ol className="timeline">
      {items.map(({ at, kind, record }) => (
        <li key={`${kind}-${record.id}`}>
          <time dateTime={at}>{formatDateTime(intl, at)}</time>
          {kind === 'audit' ? (
            <span>
              <FormattedMessage id="timeline.audit" values={{ action: auditAction(intl, String(record.action)), who: personOf(record) }} />
            </span>
          ) : (
            <span>
              <FormattedMessage id={`timeline.${kind}`} values={{ amount: money(record.amount) }} />{' '}
              <StatusChip status={String(record.status)} kind={kind === 'payment' ? 'paymentRecordStatus' : 'refundStatus'} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

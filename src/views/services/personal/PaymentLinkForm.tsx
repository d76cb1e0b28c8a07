import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fetchSlots, type Slot } from '../../../api/bookingPricing.ts';
import { sendPaymentLink } from '../../../api/prices.ts';
import { fetchRecord, type ApiRecord } from '../../../api/resources.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { ParticipantsFields } from '../../bookings/ParticipantsFields.tsx';
import { formatDateTime, formatMoney, localized } from '../../ui/format.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsElsewhere } from '../../ui/fields/fieldErrors.ts';

/** Sooner than any departure a personal service has: its slots are looked up from now to a year on. */
const YEAR_MS = 366 * 86_400_000;

/**
 * A payment link for a personal service: how many people, then the booking that the link
 * pays (unpaid until then) at the service's departure and the invitation sent to the
 * customer's phone or email. Paying it is the customer's side.
 */
export function PaymentLinkForm({ service, onClose }: { service: ApiRecord; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [customer, setCustomer] = useState<ApiRecord | null>(null);
  const [slot, setSlot] = useState<Slot | null | undefined>(undefined);
  const [participants, setParticipants] = useState<Record<string, string>>({ adult: '1' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ booking: ApiRecord; invitation: ApiRecord } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchRecord('customers', String(service.private_customer_id), controller.signal).then(setCustomer, () => setCustomer(null));
    const now = Date.now();
    fetchSlots(service.id, new Date(now).toISOString(), new Date(now + YEAR_MS).toISOString(), controller.signal).then(
      (slots) => setSlot(slots.find((s) => !s.closed) ?? null),
      () => setSlot(null),
    );
    return () => controller.abort();
  }, [service.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const counts = Object.fromEntries(Object.entries(participants).map(([t, v]) => [t, Number(v || 0)]).filter(([, n]) => Number(n) > 0)) as Record<string, number>;
    if (Object.keys(counts).length === 0) return setErrors({ participants: ['personal.participantsRequired'] });
    if (!customer || !slot) return;
    setBusy(true);
    setDetail(null);
    try {
      setSent(await sendPaymentLink({ service, slotId: slot.id, customer, participants: counts }));
    } catch (error) {
      const failure = error as { fieldErrors?: Record<string, string[]>; detail?: string };
      setErrors(failure.fieldErrors ?? {});
      setDetail(failure.detail ?? 'personal.failed');
    } finally {
      setBusy(false);
    }
  };

  const other = errorsElsewhere(errors, ['participants']);
  return (
    <section className="card personal-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="personal.payTitle" values={{ service: localized(service.title_i18n, intl.locale) }} />
      </h2>
      {sent ? (
        <div role="status" className="notice">
          <p>
            <FormattedMessage
              id="personal.paySent"
              values={{ amount: formatMoney(intl, Number(sent.invitation.amount), String(sent.invitation.currency ?? 'DZD')), to: String(sent.invitation.invitee_phone ?? sent.invitation.invitee_email ?? '') }}
            />
          </p>
          <p>
            <Link href={pathOf(routeByKey('bookingDetail'), sent.booking.id)}>
              <FormattedMessage id="personal.openBooking" values={{ ref: String(sent.booking.ref ?? '') }} />
            </Link>
          </p>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="personal.done" />
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <dl className="facts">
            <div>
              <dt>
                <FormattedMessage id="personal.customer" />
              </dt>
              <dd>{customer ? `${String(customer.name)} · ${String(customer.phone ?? customer.email ?? '')}` : '…'}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="personal.startsAt" />
              </dt>
              <dd>{slot === undefined ? '…' : slot ? formatDateTime(intl, slot.starts_at) : <FormattedMessage id="personal.noDeparture" />}</dd>
            </div>
          </dl>
          {(detail || other.length > 0) && (
            <div className="notice notice-error" role="alert">
              {detail && <ErrorText text={detail} />}
              {other.map(([key, messages]) => (
                <p key={key}>
                  <span dir="ltr">{key}</span>: {messages.join(' ')}
                </p>
              ))}
            </div>
          )}
          <ParticipantsFields value={participants} onChange={setParticipants} errors={errors} max={Number(service.capacity)} types={Array.isArray(service.customer_types) ? (service.customer_types as string[]) : undefined} />
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" disabled={busy || !slot || !customer}>
              <FormattedMessage id={busy ? 'personal.sending' : 'personal.send'} />
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ApiRecord } from '../../../api/resources.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { ParticipantsFields } from '../../bookings/ParticipantsFields.tsx';
import { paymentLinkMachine } from '../../../machines/services/paymentLink.ts';
import { formatDateTime, formatMoney, localized } from '../../ui/format.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { Related } from '../../ui/Related.tsx';
import { useRead } from '../../ui/useRead.ts';

/**
 * A payment link for a personal service: how many people, then the booking that the link
 * pays (unpaid until then) at the service's departure and the invitation sent to the
 * customer's phone or email (the payment link machine). Paying it is the customer's side.
 * The customer and the departure are read beside the form, each with its failure and a
 * retry.
 */
export function PaymentLinkForm({ service, onClose }: { service: ApiRecord; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const customerRead = useRead('record', { collection: 'customers', id: String(service.private_customer_id) });
  const departure = useRead('servicesNextDeparture', { serviceId: service.id }, { reloadOn: ['service-slots'] });
  const customer = customerRead.data ?? null;
  const slot = departure.data;
  const link = useActorRef(paymentLinkMachine, { input: { service } });
  const { participants, errors, detail, sent } = useSelector(link, (s) => s.context);
  const busy = useSelector(link, (s) => s.hasTag('busy'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (customer && slot) link.send({ type: 'submit', customer, slotId: slot.id });
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
              <dd>
                {customerRead.state === 'loading' ? '…' : null}
                <Related<ApiRecord> of={customerRead}>{(c) => `${String(c.name)} · ${String(c.phone ?? c.email ?? '')}`}</Related>
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="personal.startsAt" />
              </dt>
              <dd>
                {departure.state === 'loading' ? '…' : null}
                <Related of={departure}>{(s) => (s ? formatDateTime(intl, s.starts_at) : <FormattedMessage id="personal.noDeparture" />)}</Related>
              </dd>
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
          <ParticipantsFields
            value={participants}
            onChange={(next) => link.send({ type: 'participants.changed', participants: next })}
            errors={errors}
            max={Number(service.capacity)}
            types={Array.isArray(service.customer_types) ? (service.customer_types as string[]) : undefined}
          />
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

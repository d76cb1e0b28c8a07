import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Manifest } from '../../../api/availability.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ManifestBooking } from '../../../../common/availabilityRules.ts';
import { checkInMachine, flaggedPeople } from '../../../machines/availability/checkIn.ts';
import { bookingActionsMachine } from '../../../machines/bookings/bookingActions.ts';
import { cashPaymentMachine } from '../../../machines/payments/cashPayment.ts';
import { UnpaidCheckInDialog } from '../../bookings/UnpaidCheckInDialog.tsx';
import { SendLinkDialog } from '../../payments/invitations/SendLinkDialog.tsx';
import { CashPaymentDialog } from '../../payments/list/CashPaymentDialog.tsx';
import { allowedEvents, statusesTagged, type LifecycleSettings } from '../../../../common/lifecycles/index.ts';
import { formatMoney, localized } from '../../ui/format.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { FlagList, FlaggedCheckInDialog } from './FlagList.tsx';
import { RosterEditor } from './RosterEditor.tsx';

/**
 * The manifest of a slot: who comes (each booking's people, with the flags of the
 * service's adrenaline profile), how to reach them, what they owe, and check-in through
 * the booking chart (the check-in machine). Checking in a customer who still owes money
 * asks what the booking's page asks (the same chart and dialog: collect the cash, send a
 * link, or in anyway with a coded reason); checking in flagged people asks for the
 * operator's reason. Printed, it fits one A4 page.
 */
export function SlotManifest({
  manifest,
  staff,
  settings,
  onChanged,
}: {
  manifest: Manifest;
  staff: boolean;
  settings: LifecycleSettings | undefined;
  onChanged: () => void;
}) {
  const intl = useIntl();
  // The booking whose people are being edited (one at a time).
  const [editing, setEditing] = useState<string | null>(null);
  const checkIn = useActorRef(checkInMachine);
  const { confirming, reason, reasonMissing, sending, failure } = useSelector(checkIn, (s) => s.context);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  // A balance still due is asked about first, as on the booking's page; a payment taken here reads the manifest again.
  const unpaid = useActorRef(bookingActionsMachine);
  const asked = useSelector(unpaid, (s) => s.context.booking);
  const linking = useSelector(unpaid, (s) => s.matches('linking'));
  const cash = useActorRef(cashPaymentMachine.provide({ actions: { announceRecorded: () => changed.current() } }));
  useEffect(() => {
    const subscriptions = [
      checkIn.on('changed', () => changed.current()),
      // The booking announced is the manifest's row chosen below.
      unpaid.on('transition', ({ booking, payload }) =>
        checkIn.send({ type: 'checkIn', booking: booking as unknown as ManifestBooking, reason_code: payload.reason_code as string | undefined, reason: payload.reason as string | undefined }),
      ),
      unpaid.on('collectCash', ({ booking }) => cash.send({ type: 'open', booking })),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [checkIn, unpaid, cash]);
  const busy = sending?.booking.id ?? null;
  const profile = manifest.service.adrenaline;
  const money = (value: number, currency: string) => formatMoney(intl, value, currency);
  const label = (id: string) => intl.formatMessage({ id });

  const closed = statusesTagged('booking', 'closed');
  const rosterOpen = statusesTagged('booking', 'rosterOpen');
  const active = manifest.bookings.filter((b) => !closed.includes(b.status));
  const seats = active.reduce((n, b) => n + b.participants_count, 0);
  return (
    <section className="manifest" aria-labelledby="manifest-title">
      <h3 id="manifest-title">
        <FormattedMessage
          id="availability.manifest.title"
          values={{
            service: localized(manifest.service.title_i18n, intl.locale),
            when: intl.formatDate(manifest.slot.starts_at, { dateStyle: 'full', timeStyle: 'short' }),
          }}
        />
      </h3>
      <p className="muted">
        <FormattedMessage id="availability.manifest.summary" values={{ bookings: active.length, seats, capacity: manifest.slot.capacity }} />
      </p>
      {failure && !confirming && <p className="notice notice-error" role="alert">{failure}</p>}
      {manifest.bookings.length === 0 ? (
        <p className="muted"><FormattedMessage id="availability.manifest.empty" /></p>
      ) : (
        <div className="table-wrap">
          <table className="table manifest-table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="availability.manifest.booking" /></th>
                <th scope="col"><FormattedMessage id="availability.manifest.customer" /></th>
                <th scope="col"><FormattedMessage id="availability.manifest.participants" /></th>
                <th scope="col"><FormattedMessage id="availability.manifest.payment" /></th>
                <th scope="col"><FormattedMessage id="availability.manifest.status" /></th>
                <th scope="col" className="no-print"><FormattedMessage id="availability.manifest.actions" /></th>
              </tr>
            </thead>
            <tbody>
              {manifest.bookings.map((b) => {
                const offered = allowedEvents('booking', b.status, { now: new Date().toISOString(), role: staff ? 'staff' : 'vendor', record: { ...b }, settings });
                const flagged = flaggedPeople(b).length;
                return (
                  <tr key={b.id} className={flagged > 0 ? 'manifest-flagged' : undefined}>
                    <td data-label={label('availability.manifest.booking')}><Link href={pathOf(routeByKey('bookingDetail'), b.id)}><bdi dir="ltr">{b.ref}</bdi></Link></td>
                    <td data-label={label('availability.manifest.customer')}>
                      <div className="cell-stack">
                        <div>{b.customer_name}</div>
                        {b.customer_phone && <a href={`tel:${b.customer_phone.replace(/[^+0-9]/g, '')}`} dir="ltr">{b.customer_phone}</a>}
                      </div>
                    </td>
                    <td data-label={label('availability.manifest.participants')}>
                      <div className="cell-stack">
                        <div><FormattedMessage id="availability.manifest.count" values={{ count: b.participants_count }} /></div>
                        {b.roster.length > 0 && (
                          <ol className="manifest-people">
                            {b.roster.map((p, i) => (
                              <li key={i}>
                                <span>{p.name}</span>
                                {p.age != null && <span className="muted"> · <FormattedMessage id="availability.roster.ageValue" values={{ age: p.age }} /></span>}
                                {p.weight_kg != null && <span className="muted"> · {intl.formatNumber(p.weight_kg, { style: 'unit', unit: 'kilogram' })}</span>}
                                <FlagList flags={b.flags[i] ?? []} profile={profile} />
                              </li>
                            ))}
                          </ol>
                        )}
                        {editing === b.id && (
                          <RosterEditor
                            booking={b}
                            profile={profile}
                            onClose={() => setEditing(null)}
                            onSaved={() => {
                              setEditing(null);
                              onChanged();
                            }}
                          />
                        )}
                      </div>
                    </td>
                    <td data-label={label('availability.manifest.payment')}>
                      {b.balance > 0 ? (
                        <span className="balance-due"><FormattedMessage id="availability.manifest.balance" values={{ amount: money(b.balance, b.currency) }} /></span>
                      ) : (
                        <FormattedMessage id={`paymentStatus.${b.payment_status}`} />
                      )}
                    </td>
                    <td data-label={label('availability.manifest.status')}><StatusChip status={b.status} kind="bookingStatus" /></td>
                    <td className="no-print" data-label={label('availability.manifest.actions')}>
                      <div className="row-actions">
                        {rosterOpen.includes(b.status) && editing !== b.id && (
                          <button type="button" className="button button-small" onClick={() => setEditing(b.id)}>
                            <FormattedMessage id="availability.roster.edit" />
                            <span className="visually-hidden"> {b.ref}</span>
                          </button>
                        )}
                        {offered.includes('check_in') && (
                          <button type="button" className="button button-small button-primary" disabled={busy === b.id} onClick={() => unpaid.send({ type: 'choose', event: 'check_in', booking: { ...b } })}>
                            <FormattedMessage id="bookingEvent.check_in" />
                          </button>
                        )}
                        {b.status === 'checked_in' && offered.includes('undo') && (
                          <button type="button" className="button button-small" disabled={busy === b.id} onClick={() => checkIn.send({ type: 'undo', booking: b })}>
                            <FormattedMessage id="availability.manifest.undoCheckIn" />
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <UnpaidCheckInDialog actor={unpaid} balance={asked ? money(Number(asked.balance), String(asked.currency)) : ''} busy={busy !== null} />
      {linking && asked && (
        <SendLinkDialog
          booking={asked}
          onClose={(link) => {
            unpaid.send({ type: 'link.closed', link: link ?? null });
            if (link) onChanged();
          }}
        />
      )}
      <CashPaymentDialog actor={cash} fixedBooking />
      <FlaggedCheckInDialog
        open={confirming !== null}
        bookingRef={confirming?.ref ?? ''}
        people={confirming ? confirming.roster.map((p, i) => ({ name: p.name, flags: confirming.flags[i] ?? [] })).filter((p) => p.flags.length > 0) : []}
        profile={profile}
        reason={reason}
        missing={reasonMissing}
        failure={confirming ? failure : null}
        busy={busy !== null}
        onReason={(text) => checkIn.send({ type: 'reason.changed', text })}
        onCancel={() => checkIn.send({ type: 'cancel' })}
        onConfirm={() => checkIn.send({ type: 'confirm' })}
      />
    </section>
  );
}

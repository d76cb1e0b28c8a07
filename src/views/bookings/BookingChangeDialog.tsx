import * as Dialog from '@radix-ui/react-dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ChangePreview, ChangeResult } from '../../api/bookingChange.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { bookingChangeMachine, changeRequest, formOf, type BookingChangeField } from '../../machines/bookings/bookingChange.ts';
import type { pricePreviewMachine } from '../../machines/bookings/pricePreview.ts';
import { ErrorList, ErrorText } from '../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../ui/fields/fieldErrors.ts';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { formatDateTime, localized } from '../ui/format.ts';
import { useRead } from '../ui/useRead.ts';
import { ParticipantsFields } from './ParticipantsFields.tsx';
import { SlotPicker } from './SlotPicker.tsx';

type PreviewRef = ActorRefFrom<typeof pricePreviewMachine>;
/** Errors shown at a field of this form; the others in the notice at the top. */
const SHOWN_AT_FIELDS = ['starts_at', 'slot_id', 'participants', 'extras', 'invitee_name', 'invitee_phone', 'invitee_email', 'refund_destination'];

/**
 * "Change booking" (Radix Dialog): date and slot, participants and extras, with the
 * server's new price and how the difference is settled; confirmed in one step. Opened
 * on the booking's service, read when the dialog opens (a failure said, with a retry).
 */
export function BookingChangeDialog({
  booking,
  customerEmail,
  money,
  onChanged,
  onClose,
}: {
  booking: ApiRecord;
  customerEmail: string | null;
  money: (v: unknown) => string;
  /** The booking was changed (the page reads it again; the dialog shows what the change made). */
  onChanged: () => void;
  onClose: () => void;
}) {
  const serviceRead = useRead('record', { collection: 'services', id: String(booking.service_id) });
  const service = serviceRead.data ?? null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog booking-change-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            <FormattedMessage id="bookingChange.title" values={{ ref: <bdi dir="ltr">{String(booking.ref)}</bdi> }} />
          </Dialog.Title>
          {service ? (
            <ChangeForm booking={booking} service={service} customerEmail={customerEmail} money={money} onDone={onChanged} />
          ) : serviceRead.state === 'failed' ? (
            <p role="alert">
              <FormattedMessage id="bookingChange.failed" />{' '}
              <button type="button" className="button button-small" onClick={serviceRead.retry}>
                <FormattedMessage id="common.retry" />
              </button>
            </p>
          ) : (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ChangeForm({
  booking,
  service,
  customerEmail,
  money,
  onDone,
}: {
  booking: ApiRecord;
  service: ApiRecord;
  customerEmail: string | null;
  money: (v: unknown) => string;
  onDone: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(bookingChangeMachine, { input: { booking, service, customerEmail } });
  const context = useSelector(actor, (s) => s.context);
  const state = useSelector(actor, (s) => s.value.form as string);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const preview = useSelector(actor, (s) => s.children.preview) as PreviewRef | undefined;
  const previewSnapshot = useSelector(preview, (s) => s);
  const plan = (previewSnapshot?.context.quote ?? null) as ChangePreview | null;
  const priced = previewSnapshot?.value === 'priced' && plan !== null;
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (context.result) done.current();
  }, [context.result]);

  if (context.result) return <ChangeDone result={context.result} money={money} />;

  const set = (field: BookingChangeField, value: unknown) => actor.send({ type: 'field.changed', field, value });
  // The change's refusals first; the preview's at the fields it priced.
  const errors = { ...(previewSnapshot?.context.errors ?? {}), ...context.errors };
  const at = (name: string) => errorsAt(errors, name);
  const otherErrors = errorsElsewhere(context.errors, SHOWN_AT_FIELDS);
  const extras = (service.extras ?? []) as { key: string; name_i18n: Record<string, string>; price: number; per: 'person' | 'booking' }[];
  const { choices } = context;
  // Nothing to confirm until the form differs from the booking as it is.
  const untouched = JSON.stringify(changeRequest(context.form, context.slots)) === JSON.stringify(changeRequest(formOf(booking, service), context.slots));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'confirm' });
  };

  return (
    <form className="booking-change" noValidate onSubmit={confirm} aria-busy={busy}>
      {context.detail && (
        <div className="notice notice-error" role="alert">
          <ErrorText text={context.detail} />
          {otherErrors.map(([k, messages]) => (
            <div key={k}>
              <span dir="ltr">{k}</span>: {messages.join(' ')}
            </div>
          ))}
        </div>
      )}
      {state === 'conflict' && (
        <div className="notice notice-error" role="alert">
          <FormattedMessage id="bookingChange.conflict" />{' '}
          <button type="button" className="button button-small" onClick={() => actor.send({ type: 'conflict.reload' })}>
            <FormattedMessage id="bookingChange.useCurrent" />
          </button>
        </div>
      )}

      <p className="muted booking-change-now">
        <FormattedMessage
          id="bookingChange.now"
          values={{ when: formatDateTime(intl, String(booking.starts_at)), count: Number(booking.participants_count ?? 0), total: money(booking.total) }}
        />
      </p>

      <SlotPicker actor={actor} errors={at('starts_at') ?? at('slot_id')} onDate={(date) => set('date', date ?? '')} onTime={(time) => set('time', time)} />
      <ParticipantsFields
        value={context.form.participants}
        onChange={(v) => set('participants', v)}
        errors={errors}
        max={Number(service.max_participants ?? 500)}
        types={(service.customer_types ?? []) as string[]}
      />
      {extras.length > 0 && (
        <fieldset className="fieldset">
          <legend>
            <FormattedMessage id="newBooking.extras" />
          </legend>
          <div className="participants-grid">
            {extras.map((extra) => (
              <TextField
                key={extra.key}
                label={
                  <FormattedMessage
                    id={extra.per === 'booking' ? 'newBooking.extraPerBooking' : 'newBooking.extraPerPerson'}
                    values={{ name: localized(extra.name_i18n, intl.locale), price: money(extra.price) }}
                  />
                }
                type="number"
                inputMode="numeric"
                min={0}
                max={500}
                step={1}
                dir="ltr"
                value={context.form.extras[extra.key] ?? ''}
                onChange={(v) => set('extras', { ...context.form.extras, [extra.key]: v })}
              />
            ))}
          </div>
          {at('extras') && <ErrorList id={`${id}-extras`} errors={at('extras')!} />}
        </fieldset>
      )}

      <section className="booking-change-summary" aria-labelledby={`${id}-summary`} aria-live="polite" aria-busy={previewSnapshot?.hasTag('busy') ?? false}>
        <h3 id={`${id}-summary`}>
          <FormattedMessage id="bookingChange.summary" />
        </h3>
        {previewSnapshot?.value === 'failed' ? (
          <p role="alert">
            <FormattedMessage id="price.failed" />{' '}
            <button type="button" className="button button-small" onClick={() => preview?.send({ type: 'retry' })}>
              <FormattedMessage id="common.retry" />
            </button>
          </p>
        ) : previewSnapshot?.value === 'refused' ? (
          <p className="muted">
            <FormattedMessage id="price.refused" />
          </p>
        ) : plan ? (
          <>
            <dl className="booking-change-totals">
              <dt><FormattedMessage id="bookingChange.oldTotal" /></dt>
              <dd>{money(plan.old_total)}</dd>
              <dt><FormattedMessage id="bookingChange.newTotal" /></dt>
              <dd>{money(plan.new_total)}</dd>
              <dt><FormattedMessage id="bookingChange.difference" /></dt>
              <dd className={plan.difference > 0 ? 'booking-change-up' : plan.difference < 0 ? 'booking-change-down' : undefined}>
                {plan.difference > 0 ? '+' : ''}
                {money(plan.difference)}
              </dd>
              <dt><FormattedMessage id="bookingChange.paid" /></dt>
              <dd>{money(plan.paid)}</dd>
            </dl>
            {plan.coupon_problem && (
              <p className="notice notice-info">
                <FormattedMessage id="bookingChange.couponDropped" />
              </p>
            )}
            <p className="booking-change-settlement">
              <FormattedMessage id={`bookingChange.settlement.${plan.settlement.kind}`} values={{ amount: money(plan.settlement.amount) }} />
            </p>
          </>
        ) : (
          <p className="muted">
            <FormattedMessage id="bookingChange.empty" />
          </p>
        )}
      </section>

      {plan?.settlement.kind === 'more' && (
        <fieldset className="fieldset">
          <legend>
            <FormattedMessage id="bookingChange.link" />
          </legend>
          <ToggleField label={<FormattedMessage id="bookingChange.sendLink" />} checked={choices.sendLink} onChange={(sendLink) => actor.send({ type: 'choice.changed', choices: { sendLink } })} />
          {choices.sendLink && (
            <div className="form-grid">
              <TextField label={<FormattedMessage id="bookingChange.inviteeName" />} maxLength={200} autoComplete="off" value={choices.inviteeName} onChange={(inviteeName) => actor.send({ type: 'choice.changed', choices: { inviteeName } })} errors={at('invitee_name')} />
              <TextField label={<FormattedMessage id="booking.phone" />} type="tel" dir="ltr" maxLength={30} autoComplete="off" value={choices.inviteePhone} onChange={(inviteePhone) => actor.send({ type: 'choice.changed', choices: { inviteePhone } })} errors={at('invitee_phone')} />
              <TextField label={<FormattedMessage id="login.email" />} type="email" dir="ltr" maxLength={254} autoComplete="off" value={choices.inviteeEmail} onChange={(inviteeEmail) => actor.send({ type: 'choice.changed', choices: { inviteeEmail } })} errors={at('invitee_email')} />
            </div>
          )}
        </fieldset>
      )}
      {plan?.settlement.kind === 'less' && (
        <SelectField
          label={<FormattedMessage id="refund.destination" />}
          value={choices.refundDestination}
          options={plan.settlement.destinations}
          labelPrefix="refundDestination"
          onChange={(refundDestination) => actor.send({ type: 'choice.changed', choices: { refundDestination } })}
          errors={at('refund_destination')}
        />
      )}

      <div className="dialog-actions">
        <Dialog.Close className="button" disabled={busy}>
          <FormattedMessage id="common.cancel" />
        </Dialog.Close>
        <button type="submit" className="button button-primary" disabled={busy || !priced || untouched || state !== 'editing'}>
          <FormattedMessage id={busy ? 'bookingChange.saving' : 'bookingChange.confirm'} />
        </button>
      </div>
    </form>
  );
}

/** What the change made: the new total and the link sent or the refund made. */
function ChangeDone({ result, money }: { result: ChangeResult; money: (v: unknown) => string }) {
  const intl = useIntl();
  const { booking, invitation, refund } = result;
  return (
    <div className="booking-change-done" role="status">
      <p>
        <FormattedMessage
          id="bookingChange.done"
          values={{ when: formatDateTime(intl, String(booking.starts_at)), count: Number(booking.participants_count ?? 0), total: money(booking.total) }}
        />
      </p>
      {invitation && (
        <p>
          <FormattedMessage id="bookingChange.linkSent" values={{ amount: money(invitation.amount), to: String(invitation.invitee_name ?? invitation.invitee_phone ?? invitation.invitee_email ?? '—') }} />
        </p>
      )}
      {result.settlement.kind === 'more' && !invitation && (
        <p>
          <FormattedMessage id="bookingChange.owes" values={{ amount: money(result.settlement.amount) }} />
        </p>
      )}
      {refund && (
        <p>
          <FormattedMessage
            id="bookingChange.refunded"
            values={{
              amount: money(refund.amount),
              destination: intl.formatMessage({ id: `refundDestination.${String(refund.destination)}` }),
              status: intl.formatMessage({ id: `refundStatus.${String(refund.status)}` }),
            }}
          />
        </p>
      )}
      {result.cancelled_links.length > 0 && (
        <p>
          <FormattedMessage id="bookingChange.linksCancelled" values={{ count: result.cancelled_links.length }} />
        </p>
      )}
      <div className="dialog-actions">
        <Dialog.Close className="button button-primary">
          <FormattedMessage id="bookingChange.close" />
        </Dialog.Close>
      </div>
    </div>
  );
}

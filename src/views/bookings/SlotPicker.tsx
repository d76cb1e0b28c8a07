import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { algeriaToday } from '../../../common/time.ts';
import type { bookingChangeMachine } from '../../machines/bookings/bookingChange.ts';
import { peopleOf, slotOffer, type newBookingMachine } from '../../machines/bookings/newBooking.ts';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { ErrorList, Field } from '../ui/fields/Field.tsx';

/**
 * When the booking starts: a day, then one of the service's slots that day with the seats
 * it has left (a full or closed slot is shown but cannot be chosen), or a time when the
 * service has no slots that day.
 */
export function SlotPicker({
  actor,
  errors,
  onDate,
  onTime,
}: {
  /** The new-booking form or the change of a booking: both keep the day, slot and time in `form` and have a `slots` region. */
  actor: ActorRefFrom<typeof newBookingMachine> | ActorRefFrom<typeof bookingChangeMachine>;
  errors: readonly string[] | undefined;
  onDate: (date: string | null) => void;
  onTime: (time: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const form = useSelector(actor, (s) => s.context.form);
  const slots = useSelector(actor, (s) => s.context.slots);
  const state = useSelector(actor, (s) => s.value.slots as string);
  const people = peopleOf(form.participants);
  const errorId = `${id}-error`;
  const today = algeriaToday();
  // A booking being changed may start at a time of its own on a day with slots: its time stays shown.
  const offTimetable = !form.slotId && form.time !== '';

  return (
    <fieldset className="fieldset" aria-describedby={errors ? errorId : undefined}>
      <legend>
        <FormattedMessage id="newBooking.when" />
      </legend>
      <div className="form-grid">
        <DateTimeField mode="date" label={<FormattedMessage id="newBooking.date" />} required value={form.date || null} min={today} onChange={onDate} invalidBy={errors ? errorId : undefined} />
      </div>
      {!form.service && (
        <p className="muted">
          <FormattedMessage id="newBooking.chooseServiceFirst" />
        </p>
      )}
      {state === 'loading' && (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      {state === 'failed' && (
        <p role="alert">
          <FormattedMessage id="newBooking.slotsFailed" />{' '}
          <button type="button" className="button button-small" onClick={() => actor.send({ type: 'slots.retry' })}>
            <FormattedMessage id="common.retry" />
          </button>
        </p>
      )}
      {state === 'loaded' && slots.length > 0 && (
        <div role="radiogroup" aria-label={intl.formatMessage({ id: 'newBooking.slots' })} className="slot-list">
          {slots.map((slot) => {
            const { left, full, tooSmall } = slotOffer(slot, people);
            return (
              <label key={slot.id} className={`slot-option${full || tooSmall ? ' slot-option-full' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-slot`}
                  checked={form.slotId === slot.id}
                  disabled={full || tooSmall}
                  aria-invalid={errors ? true : undefined}
                  onChange={() => actor.send({ type: 'slot.chosen', slot })}
                />
                <span className="slot-time">{intl.formatTime(slot.starts_at, { hour: '2-digit', minute: '2-digit' })}</span>
                <span className="muted">
                  {slot.closed ? (
                    <FormattedMessage id="newBooking.slotClosed" />
                  ) : full ? (
                    <FormattedMessage id="newBooking.slotFull" />
                  ) : (
                    <FormattedMessage id="newBooking.seatsLeft" values={{ count: left }} />
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {state === 'loaded' && (slots.length === 0 || offTimetable) && (
        <>
          {slots.length === 0 && (
            <p className="muted">
              <FormattedMessage id="newBooking.noSlots" />
            </p>
          )}
          <Field label={<FormattedMessage id="newBooking.time" />} required invalidBy={errors ? errorId : undefined}>
            {(control) => <input {...control} type="time" value={form.time} onChange={(e) => onTime(e.target.value)} />}
          </Field>
        </>
      )}
      {errors && <ErrorList id={errorId} errors={errors} />}
    </fieldset>
  );
}

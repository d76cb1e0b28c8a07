import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { newBookingMachine } from '../../machines/bookings/newBooking.ts';
import { ErrorText } from '../ui/fields/Field.tsx';
import { errorsAt } from '../ui/fields/fieldErrors.ts';
import { TextField } from '../ui/fields/TextField.tsx';

/** A customer created from the new-booking form (Radix Dialog); once saved, the form chooses them. */
export function NewCustomerDialog({ actor }: { actor: ActorRefFrom<typeof newBookingMachine> }) {
  const state = useSelector(actor, (s) => s.value.customer as string);
  const errors = useSelector(actor, (s) => s.context.customerErrors);
  const detail = useSelector(actor, (s) => s.context.customerDetail);
  const [draft, setDraft] = useState({ name: '', phone: '', email: '' });
  const open = state !== 'closed';
  const saving = state === 'saving';

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The form inside the dialog must not submit the booking form around it.
    event.stopPropagation();
    actor.send({ type: 'customer.save', draft });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        actor.send({ type: 'customer.cancel' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={() => setDraft({ name: '', phone: '', email: '' })}>
          <Dialog.Title className="dialog-title">
            <FormattedMessage id="newBooking.newCustomer" />
          </Dialog.Title>
          <form noValidate onSubmit={save} aria-busy={saving}>
            {detail && (
              <p className="notice notice-error" role="alert">
                <ErrorText text={detail} />
              </p>
            )}
            <TextField label={<FormattedMessage id="customer.name" />} required maxLength={200} autoComplete="off" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} errors={errorsAt(errors, 'name')} />
            <TextField label={<FormattedMessage id="booking.phone" />} required type="tel" dir="ltr" maxLength={30} autoComplete="off" value={draft.phone} onChange={(phone) => setDraft({ ...draft, phone })} errors={errorsAt(errors, 'phone')} />
            <TextField label={<FormattedMessage id="login.email" />} type="email" dir="ltr" maxLength={254} autoComplete="off" value={draft.email} onChange={(email) => setDraft({ ...draft, email })} errors={errorsAt(errors, 'email')} />
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={saving}>
                <FormattedMessage id="common.cancel" />
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={saving}>
                <FormattedMessage id={saving ? 'newBooking.customerSaving' : 'newBooking.customerCreate'} />
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

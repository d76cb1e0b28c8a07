import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { customers } from '../../../common/collections.ts';
import type { newBookingMachine } from '../../machines/bookings/newBooking.ts';
import { CommandDialog } from '../ui/CommandDialog.tsx';
import { defineCommand, useCommand } from '../ui/command.ts';
import { TextField } from '../ui/fields/TextField.tsx';

/** A customer made from the new-booking form: a name and a phone (the customers' own limits), an email when given. */
const newCustomer = defineCommand({
  command: 'bookingNewCustomer',
  fields: { name: customers.fields.name, phone: customers.fields.phone, email: customers.fields.email },
});

/** A customer created from the new-booking form (a dialog while the form's `customer` region is open); once saved, the form chooses them. */
export function NewCustomerDialog({ actor }: { actor: ActorRefFrom<typeof newBookingMachine> }) {
  const open = useSelector(actor, (s) => s.matches({ customer: 'open' }));
  return open ? <CustomerForm actor={actor} /> : null;
}

function CustomerForm({ actor }: { actor: ActorRefFrom<typeof newBookingMachine> }) {
  const form = useCommand(newCustomer, {
    values: { name: '', phone: '', email: '' },
    onDone: (customer) => actor.send({ type: 'customer.created', customer }),
  });
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id="newBooking.newCustomer" />}
      submitLabel={<FormattedMessage id={form.busy ? 'newBooking.customerSaving' : 'newBooking.customerCreate'} />}
      onClose={() => actor.send({ type: 'customer.cancel' })}
    >
      <TextField label={<FormattedMessage id="customer.name" />} maxLength={200} autoComplete="off" {...form.field('name')} />
      <TextField label={<FormattedMessage id="booking.phone" />} type="tel" dir="ltr" maxLength={30} autoComplete="off" {...form.field('phone')} />
      <TextField label={<FormattedMessage id="login.email" />} type="email" dir="ltr" maxLength={254} autoComplete="off" {...form.field('email')} />
    </CommandDialog>
  );
}

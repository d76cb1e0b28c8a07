import { FormattedMessage } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand, type CommandForm } from '../../ui/command.ts';
import { TextField } from '../../ui/fields/TextField.tsx';

const block = defineCommand({
  command: 'customerBlock',
  fields: { reason: { type: 'string', required: true, maxLength: 500 } },
  requiredMessages: { reason: 'customers.block.reasonRequired' },
});

/** Writing to a customer; the page holds it, so "sent" shows once the dialog is gone. */
export const messageCommand = defineCommand({
  command: 'customerMessage',
  fields: { body: { type: 'string', required: true, maxLength: 4000 } },
  requiredMessages: { body: 'customers.message.required' },
});

/** Staff block a customer with the reason, or unblock them (the reason kept in the history). */
export function BlockDialog({ kind, customer, onClose }: { kind: 'block' | 'unblock'; customer: ApiRecord; onClose: (done: boolean) => void }) {
  const form = useCommand(block, {
    values: { reason: '' },
    fixed: { id: customer.id, version: customer.version, blocked: kind === 'block' },
    onDone: () => onClose(true),
  });
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id={`customers.${kind}.title`} values={{ name: <bdi>{String(customer.name)}</bdi> }} />}
      description={<FormattedMessage id={`customers.${kind}.description`} />}
      submitLabel={<FormattedMessage id={`customers.${kind}.confirm`} />}
      danger={kind === 'block'}
      onClose={() => onClose(false)}
    >
      <TextField label={<FormattedMessage id="customers.block.reason" />} multiline={3} maxLength={500} {...form.field('reason')} />
    </CommandDialog>
  );
}

/** A message to the customer, in their open conversation or a new one. */
export function MessageDialog({ form, name, onClose }: { form: CommandForm<'customerMessage'>; name: string; onClose: () => void }) {
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id="customers.message.title" values={{ name: <bdi>{name}</bdi> }} />}
      description={<FormattedMessage id="customers.message.description" />}
      submitLabel={<FormattedMessage id="customers.message.confirm" />}
      onClose={onClose}
    >
      <TextField label={<FormattedMessage id="customers.message.body" />} multiline={5} maxLength={4000} {...form.field('body')} />
    </CommandDialog>
  );
}

import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { actAsActor } from '../../../app/actAsActor.ts';
import { HOME_PATH } from '../../../app/routes.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { TextField } from '../../ui/fields/TextField.tsx';

const actAs = defineCommand({
  command: 'vendorActAs',
  fields: { reason: { type: 'string', required: true, maxLength: 500 } },
  requiredMessages: { reason: 'booking.reasonRequired' },
});

/**
 * "Act as" on a vendor's page: staff say why, then the whole app shows what that vendor's
 * staff see, for 30 minutes at most (src/machines/actAs.ts); the header's banner leads back.
 */
export function ActAsButton({ vendor }: { vendor: { id: string; trade_name?: unknown } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <FormattedMessage id="access.actAs.button" />
      </button>
      {open && <ActAsDialog vendor={vendor} onClose={() => setOpen(false)} />}
    </>
  );
}

function ActAsDialog({ vendor, onClose }: { vendor: { id: string; trade_name?: unknown }; onClose: () => void }) {
  const [, navigate] = useLocation();
  const form = useCommand(actAs, {
    values: { reason: '' },
    fixed: { vendorId: vendor.id },
    // The server opened the session: the app becomes the vendor's, starting from its home
    // (this staff-only page is gone by then).
    onDone: (acting) => {
      actAsActor.send({ type: 'opened', acting });
      navigate(HOME_PATH);
    },
  });
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id="access.actAs.title" values={{ vendor: String(vendor.trade_name ?? '') }} />}
      description={<FormattedMessage id="access.actAs.description" />}
      submitLabel={<FormattedMessage id="access.actAs.confirm" />}
      onClose={onClose}
    >
      <TextField label={<FormattedMessage id="access.actAs.reason" />} multiline={3} maxLength={500} {...form.field('reason')} />
    </CommandDialog>
  );
}

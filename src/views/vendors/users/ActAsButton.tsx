import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { waitFor } from 'xstate';
import { actAsActor } from '../../../app/actAsActor.ts';
import { HOME_PATH } from '../../../app/routes.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';

/**
 * "Act as" on a vendor's page: staff say why, then the whole app shows what that vendor's
 * staff see, for 30 minutes at most (src/machines/actAs.ts); the header's banner leads back.
 */
export function ActAsButton({ vendor }: { vendor: { id: string; trade_name?: unknown } }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const busy = useSelector(actAsActor, (s) => s.hasTag('busy'));
  const error = useSelector(actAsActor, (s) => s.context.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(reason.trim() === '');
    if (reason.trim() === '') return;
    actAsActor.send({ type: 'start', vendorId: vendor.id, reason: reason.trim() });
    // Once the server opened the session, the vendor's home is the place to start from. This
    // page is staff-only, so it is gone by then: the wait does not depend on it staying.
    void waitFor(actAsActor, (s) => !s.hasTag('busy')).then((s) => {
      if (s.matches('acting')) navigate(HOME_PATH);
    });
  };
  const fieldErrors = missing ? ['booking.reasonRequired'] : open && error ? errorsAt(error.fieldErrors, 'reason') : undefined;
  const detail = open && error && !errorsAt(error.fieldErrors, 'reason') ? error.detail : null;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger className="button">
        <FormattedMessage id="access.actAs.button" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">
            <FormattedMessage id="access.actAs.title" values={{ vendor: String(vendor.trade_name ?? '') }} />
          </Dialog.Title>
          <Dialog.Description className="dialog-description">
            <FormattedMessage id="access.actAs.description" />
          </Dialog.Description>
          <form noValidate onSubmit={submit} aria-busy={busy}>
            {detail && (
              <p className="notice notice-error" role="alert">
                <ErrorText text={detail} />
              </p>
            )}
            <TextField
              label={<FormattedMessage id="access.actAs.reason" />}
              required
              multiline={3}
              maxLength={500}
              value={reason}
              onChange={setReason}
              errors={fieldErrors}
            />
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={busy}>
                <FormattedMessage id="common.cancel" />
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={busy}>
                <FormattedMessage id="access.actAs.confirm" />
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

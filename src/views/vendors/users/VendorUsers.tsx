import * as Dialog from '@radix-ui/react-dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VendorUser } from '../../../api/access.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { vendorUsersMachine } from './vendorUsersMachine.ts';

const EMPTY_INVITE = { email: '', name: '', phone: '' };

/**
 * The Users tab of a vendor's page: the vendor's staff accounts with their state, inviting
 * one (an inactive account and a one-time set-password link, shown here to pass on until
 * email sending exists), a new link for someone who has not set a password yet, and
 * deactivating (locked out at once).
 */
export function VendorUsers({ vendor }: { vendor: { id: string; status?: unknown } }) {
  const intl = useIntl();
  const headingId = useId();
  const actor = useActorRef(vendorUsersMachine, { input: { vendorId: vendor.id } });
  const snapshot = useSelector(actor, (s) => s);
  const { users, link, fieldErrors, detail } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const [inviting, setInviting] = useState(false);
  const [draft, setDraft] = useState(EMPTY_INVITE);
  const [leaving, setLeaving] = useState<VendorUser | null>(null);

  // An invitation that went through closes its dialog; the link then shows on the tab.
  useEffect(() => {
    if (link && inviting) {
      setInviting(false);
      setDraft(EMPTY_INVITE);
    }
  }, [link]);
  useEffect(() => {
    if (snapshot.matches('ready')) setLeaving(null);
  }, [snapshot.value]);

  const submitInvite = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'invite', input: { email: draft.email.trim(), name: draft.name.trim(), phone: draft.phone.trim() || null } });
  };
  // The server refuses links for them too: their staff cannot log in.
  const lockedOut = vendor.status === 'suspended' || vendor.status === 'rejected';
  const linkUrl = link ? new URL(link.set_password_path, location.origin).href : '';

  if (snapshot.matches('failed')) {
    return (
      <p className="notice notice-error" role="alert">
        <FormattedMessage id="access.users.loadFailed" />{' '}
        <button type="button" className="button" onClick={() => actor.send({ type: 'retry' })}>
          <FormattedMessage id="common.retry" />
        </button>
      </p>
    );
  }
  return (
    <section className="vendor-users" aria-labelledby={headingId} aria-busy={busy}>
      <div className="vendor-users-head">
        <h2 id={headingId}>
          <FormattedMessage id="access.users.title" />
        </h2>
        {lockedOut ? (
          <p className="muted">
            <FormattedMessage id="access.users.lockedOut" />
          </p>
        ) : (
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            <FormattedMessage id="access.users.invite" />
          </button>
        )}
      </div>
      {detail && !inviting && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={detail} />
        </p>
      )}
      {link && (
        <div className="notice notice-info vendor-users-link" role="status">
          <p>
            <FormattedMessage id="access.users.linkFor" values={{ name: link.user.name, expires: formatDateTime(intl, link.expires_at) }} />
          </p>
          <div className="vendor-users-copy">
            <input readOnly dir="ltr" value={linkUrl} aria-label={intl.formatMessage({ id: 'access.users.link' })} onFocus={(e) => e.target.select()} />
            <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(linkUrl)}>
              <FormattedMessage id="access.users.copy" />
            </button>
            <button type="button" className="button button-ghost" onClick={() => actor.send({ type: 'dismiss' })}>
              <FormattedMessage id="access.users.done" />
            </button>
          </div>
        </div>
      )}
      {snapshot.matches('loading') ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : users.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="access.users.none" />
        </p>
      ) : (
        <table className="table vendor-users-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="access.users.name" /></th>
              <th scope="col"><FormattedMessage id="access.users.email" /></th>
              <th scope="col"><FormattedMessage id="access.users.state" /></th>
              <th scope="col"><FormattedMessage id="access.users.linkExpires" /></th>
              <th scope="col"><span className="visually-hidden"><FormattedMessage id="access.users.actions" /></span></th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td dir="ltr" className="vendor-users-email">{user.email}</td>
                <td><StatusChip status={user.state} kind="access.state" /></td>
                <td>{user.invitation_expires_at ? formatDateTime(intl, user.invitation_expires_at) : '—'}</td>
                <td className="vendor-users-actions">
                  {!lockedOut && (user.state === 'invited' || user.state === 'expired') && (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-label={intl.formatMessage({ id: 'access.users.resendFor' }, { name: user.name })}
                      onClick={() => actor.send({ type: 'resend', userId: user.id })}
                    >
                      <FormattedMessage id="access.users.resend" />
                    </button>
                  )}
                  {(user.state === 'active' || user.state === 'invited') && (
                    <button
                      type="button"
                      className="button button-danger"
                      disabled={busy}
                      aria-label={intl.formatMessage({ id: 'access.users.deactivateFor' }, { name: user.name })}
                      onClick={() => setLeaving(user)}
                    >
                      <FormattedMessage id="access.users.deactivate" />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Dialog.Root open={inviting} onOpenChange={(next) => !busy && setInviting(next)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">
              <FormattedMessage id="access.users.inviteTitle" />
            </Dialog.Title>
            <form noValidate onSubmit={submitInvite} aria-busy={busy}>
              {detail && (
                <p className="notice notice-error" role="alert">
                  <ErrorText text={detail} />
                </p>
              )}
              <TextField
                label={<FormattedMessage id="access.users.name" />}
                required
                maxLength={200}
                autoComplete="off"
                value={draft.name}
                onChange={(name) => setDraft({ ...draft, name })}
                errors={errorsAt(fieldErrors, 'name')}
              />
              <TextField
                label={<FormattedMessage id="access.users.email" />}
                required
                type="email"
                dir="ltr"
                maxLength={254}
                autoComplete="off"
                value={draft.email}
                onChange={(email) => setDraft({ ...draft, email })}
                errors={errorsAt(fieldErrors, 'email')}
              />
              <TextField
                label={<FormattedMessage id="access.users.phone" />}
                type="tel"
                dir="ltr"
                maxLength={32}
                value={draft.phone}
                onChange={(phone) => setDraft({ ...draft, phone })}
                errors={errorsAt(fieldErrors, 'phone')}
              />
              <p className="muted">
                <FormattedMessage id="access.users.inviteHint" />
              </p>
              <div className="dialog-actions">
                <Dialog.Close className="button" disabled={busy}>
                  <FormattedMessage id="common.cancel" />
                </Dialog.Close>
                <button type="submit" className="button button-primary" disabled={busy}>
                  <FormattedMessage id="access.users.sendInvite" />
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={leaving !== null}
        danger
        busy={busy}
        title={<FormattedMessage id="access.users.deactivateTitle" values={{ name: leaving?.name ?? '' }} />}
        description={<FormattedMessage id="access.users.deactivateBody" />}
        confirmLabel={<FormattedMessage id="access.users.deactivate" />}
        onConfirm={() => leaving && actor.send({ type: 'deactivate', userId: leaving.id })}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IssuedLink, VendorUser } from '../../../api/access.ts';
import { vendorUsersMachine } from '../../../machines/vendors/vendorUsers.ts';
import { CommandDialog } from '../../ui/CommandDialog.tsx';
import { defineCommand, useCommand } from '../../ui/command.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';

const invite = defineCommand({
  command: 'vendorUserInvite',
  fields: {
    name: { type: 'string', required: true, maxLength: 200 },
    email: { type: 'string', required: true, maxLength: 254 },
    phone: { type: 'string', maxLength: 32 },
  },
});

const deactivate = defineCommand({ command: 'vendorUserDeactivate' });

/** The one dialog the tab may have open. */
type Dialog = { kind: 'invite' } | { kind: 'deactivate'; user: VendorUser };

/**
 * The Users tab of a vendor's page: the vendor's staff accounts with their state, inviting
 * one (an inactive account and a one-time set-password link, shown here to pass on until
 * email sending exists), a new link for someone who has not set a password yet, and
 * deactivating (locked out at once). Inviting and deactivating are commands; what they
 * did goes to the tab's chart.
 */
export function VendorUsers({ vendor }: { vendor: { id: string; status?: unknown } }) {
  const intl = useIntl();
  const headingId = useId();
  const actor = useActorRef(vendorUsersMachine, { input: { vendorId: vendor.id } });
  const snapshot = useSelector(actor, (s) => s);
  const { users, link, detail } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const [dialog, setDialog] = useState<Dialog | null>(null);
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
          <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'invite' })}>
            <FormattedMessage id="access.users.invite" />
          </button>
        )}
      </div>
      {detail && (
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
                      onClick={() => setDialog({ kind: 'deactivate', user })}
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

      {dialog?.kind === 'invite' && (
        <InviteDialog
          vendorId={vendor.id}
          onClose={() => setDialog(null)}
          onIssued={(issued) => {
            setDialog(null);
            actor.send({ type: 'issued', link: issued });
          }}
        />
      )}
      {dialog?.kind === 'deactivate' && (
        <DeactivateDialog
          vendorId={vendor.id}
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDone={(user) => {
            setDialog(null);
            actor.send({ type: 'updated', user });
          }}
        />
      )}
    </section>
  );
}

/** Inviting one of the vendor's staff: their name, email and phone; the server's refusal (an email taken) at its field. */
function InviteDialog({ vendorId, onClose, onIssued }: { vendorId: string; onClose: () => void; onIssued: (link: IssuedLink) => void }) {
  const form = useCommand(invite, { values: { name: '', email: '', phone: '' }, fixed: { vendorId }, onDone: onIssued });
  return (
    <CommandDialog form={form} title={<FormattedMessage id="access.users.inviteTitle" />} submitLabel={<FormattedMessage id="access.users.sendInvite" />} onClose={onClose}>
      <TextField label={<FormattedMessage id="access.users.name" />} maxLength={200} autoComplete="off" {...form.field('name')} />
      <TextField label={<FormattedMessage id="access.users.email" />} type="email" dir="ltr" maxLength={254} autoComplete="off" {...form.field('email')} />
      <TextField label={<FormattedMessage id="access.users.phone" />} type="tel" dir="ltr" maxLength={32} {...form.field('phone')} />
      <p className="muted">
        <FormattedMessage id="access.users.inviteHint" />
      </p>
    </CommandDialog>
  );
}

/** Deactivating one of the vendor's staff: asked first, locked out at once. */
function DeactivateDialog({ vendorId, user, onClose, onDone }: { vendorId: string; user: VendorUser; onClose: () => void; onDone: (user: VendorUser) => void }) {
  const form = useCommand(deactivate, { fixed: { vendorId, userId: user.id }, onDone });
  return (
    <CommandDialog
      form={form}
      danger
      title={<FormattedMessage id="access.users.deactivateTitle" values={{ name: user.name }} />}
      description={<FormattedMessage id="access.users.deactivateBody" />}
      submitLabel={<FormattedMessage id="access.users.deactivate" />}
      onClose={onClose}
    />
  );
}

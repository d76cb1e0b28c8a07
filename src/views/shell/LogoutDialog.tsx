import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import { Icon } from '../ui/Icon.tsx';

/** Log Out asks first (the seed's "Êtes-vous sûr?"); the session machine holds the dialog's state. */
export function LogoutButton() {
  const intl = useIntl();
  const confirming = useSelector(sessionActor, (s) => s.matches({ loggedIn: { logout: 'confirming' } }));
  const loggingOut = useSelector(sessionActor, (s) => s.matches({ loggedIn: { logout: 'loggingOut' } }));
  return (
    <AlertDialog.Root
      open={confirming || loggingOut}
      onOpenChange={(open) => sessionActor.send({ type: open ? 'logout.request' : 'logout.cancel' })}
    >
      <AlertDialog.Trigger className="button button-ghost" aria-label={intl.formatMessage({ id: 'shell.logout' })}>
        <Icon name="logout" />
        <span className="hide-narrow">
          <FormattedMessage id="shell.logout" />
        </span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">
            <FormattedMessage id="logout.title" />
          </AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">
            <FormattedMessage id="logout.description" />
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button" disabled={loggingOut}>
              <FormattedMessage id="common.cancel" />
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="button button-danger"
              disabled={loggingOut}
              onClick={(event) => {
                // The machine closes the dialog once the session has ended.
                event.preventDefault();
                sessionActor.send({ type: 'logout.confirm' });
              }}
            >
              <FormattedMessage id={loggingOut ? 'logout.pending' : 'logout.confirm'} />
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

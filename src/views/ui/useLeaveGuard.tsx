import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { navigate } from 'wouter/use-browser-location';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * While `dirty`, leaving asks first. Closing or reloading the tab gets the browser's own
 * question (the only one it allows there); following a link inside the app, or any step
 * passed to `confirmLeave` (a Cancel button), gets `dialog`, a Radix alert dialog in the
 * user's language, which the caller renders.
 */
export function useLeaveGuard(dirty: boolean): { confirmLeave: (proceed: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Caught before wouter's links handle the click; a click meant for a new tab or
    // window goes through, since this page stays.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.origin !== location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      const to = link.pathname + link.search + link.hash;
      setPending(() => () => navigate(to));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    confirmLeave: (proceed) => (dirty ? setPending(() => proceed) : proceed()),
    dialog: (
      <ConfirmDialog
        open={pending !== null}
        title={<FormattedMessage id="record.leaveTitle" />}
        description={<FormattedMessage id="record.leaveUnsaved" />}
        confirmLabel={<FormattedMessage id="record.leaveConfirm" />}
        danger
        onConfirm={() => {
          const proceed = pending;
          setPending(null);
          proceed?.();
        }}
        onCancel={() => setPending(null)}
      />
    ),
  };
}

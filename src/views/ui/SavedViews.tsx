import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from 'sonner';
import type { SavedView, SavedViewState } from '../../api/find.ts';
import { savedViewsMachine } from '../../machines/find/savedViews.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { chooseColumns, storedColumns } from './DataTable.tsx';
import { ErrorText } from './fields/Field.tsx';
import { errorsAt } from './fields/fieldErrors.ts';
import { TextField } from './fields/TextField.tsx';
import { ToggleField } from './fields/ToggleField.tsx';
import type { ListActor } from './ListResults.tsx';

/** Whether the list shows what a view saved (its columns aside: the table may squeeze them). */
const showing = (state: SavedViewState, query: { filters: Record<string, string>; search: string; ordering: string }) =>
  JSON.stringify(Object.entries(state.filters).sort()) === JSON.stringify(Object.entries(query.filters).sort()) &&
  state.search === query.search &&
  state.ordering === query.ordering;

/**
 * The "Saved views" menu in a list's header: apply one of the user's views or one staff
 * share (filters, search, ordering and columns), save the list as it is under a name (kept
 * on the server, shared with all staff when staff choose), rename or delete one's own.
 */
export function SavedViews({ listKey, list, tableName, staff }: { listKey: string; list: ListActor; tableName: string; staff: boolean }) {
  const intl = useIntl();
  const actor = useActorRef(savedViewsMachine, { input: { listKey } });
  const views = useSelector(actor, (s) => s.context.views);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const detail = useSelector(actor, (s) => s.context.detail);
  const written = useSelector(actor, (s) => s.context.written);
  const query = useSelector(list, (s) => s.context.query);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const [draft, setDraft] = useState({ name: '', shared: false });
  const [names, setNames] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedView | null>(null);
  const mine = views.filter((v) => v.mine);
  const others = views.filter((v) => !v.mine);

  // A write went through: the save dialog closes (saying so); a deletion's question goes.
  const seen = useRef(written);
  useEffect(() => {
    if (written === seen.current) return;
    seen.current = written;
    if (dialog === 'save') {
      toast.success(intl.formatMessage({ id: 'find.views.saved' }, { name: draft.name.trim() }));
      setDialog(null);
    }
    setEditing(null);
    setRemoving(null);
  }, [written]);

  const open = (which: 'save' | 'manage') => {
    actor.send({ type: 'dismiss' });
    setDraft({ name: '', shared: false });
    setNames({});
    setEditing(null);
    setDialog(which);
  };

  const apply = (view: SavedView) => {
    list.send({ type: 'filters.replace', filters: view.state.filters, ordering: view.state.ordering, search: view.state.search });
    chooseColumns(tableName, view.state.columns);
    toast(intl.formatMessage({ id: 'find.views.applied' }, { name: view.name }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const state: SavedViewState = { filters: { ...query.filters }, search: query.search, ordering: query.ordering, columns: storedColumns(tableName) };
    actor.send({ type: 'save', view: { name: draft.name, shared: staff && draft.shared, state } });
  };

  const item = (view: SavedView) => (
    <DropdownMenu.CheckboxItem key={view.id} className="menu-item" checked={showing(view.state, query)} onSelect={() => apply(view)}>
      <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
      <span className="saved-view-name">{view.name}</span>
    </DropdownMenu.CheckboxItem>
  );

  return (
    <>
      {/* Views that failed to load are asked for again when the menu opens. */}
      <DropdownMenu.Root dir={intl.locale === 'ar' ? 'rtl' : 'ltr'} onOpenChange={(next) => next && failed && actor.send({ type: 'retry' })}>
        <DropdownMenu.Trigger className="button" aria-busy={busy || undefined}>
          <FormattedMessage id="find.views.menu" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu saved-views-menu" align="end" sideOffset={4}>
            {failed ? (
              <DropdownMenu.Item className="menu-item" onSelect={() => actor.send({ type: 'retry' })}>
                <FormattedMessage id="find.views.loadFailed" /> <FormattedMessage id="find.views.retry" />
              </DropdownMenu.Item>
            ) : (
              views.length === 0 && (
                <p className="menu-label saved-views-none">
                  <FormattedMessage id="find.views.none" />
                </p>
              )
            )}
            {mine.length > 0 && (
              <DropdownMenu.Group>
                <DropdownMenu.Label className="menu-label">
                  <FormattedMessage id="find.views.mine" />
                </DropdownMenu.Label>
                {mine.map(item)}
              </DropdownMenu.Group>
            )}
            {others.length > 0 && (
              <DropdownMenu.Group>
                <DropdownMenu.Label className="menu-label">
                  <FormattedMessage id="find.views.shared" />
                </DropdownMenu.Label>
                {others.map(item)}
              </DropdownMenu.Group>
            )}
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" disabled={failed} onSelect={() => open('save')}>
              <FormattedMessage id="find.views.save" />
            </DropdownMenu.Item>
            {mine.length > 0 && (
              <DropdownMenu.Item className="menu-item" onSelect={() => open('manage')}>
                <FormattedMessage id="find.views.manage" />
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <Dialog.Root open={dialog === 'save'} onOpenChange={(next) => !busy && !next && setDialog(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog-title">
              <FormattedMessage id="find.views.saveTitle" />
            </Dialog.Title>
            <Dialog.Description className="dialog-description">
              <FormattedMessage id="find.views.saveDescription" />
            </Dialog.Description>
            <form noValidate onSubmit={save} aria-busy={busy || undefined}>
              {detail && (
                <p className="notice notice-error" role="alert">
                  <ErrorText text={detail} />
                </p>
              )}
              <TextField
                label={<FormattedMessage id="find.views.name" />}
                required
                maxLength={80}
                autoComplete="off"
                value={draft.name}
                onChange={(name) => setDraft({ ...draft, name })}
                errors={errorsAt(fieldErrors, 'name')}
              />
              {staff && (
                <ToggleField
                  label={<FormattedMessage id="find.views.share" />}
                  hint={<FormattedMessage id="find.views.shareHint" />}
                  checked={draft.shared}
                  onChange={(shared) => setDraft({ ...draft, shared })}
                  errors={errorsAt(fieldErrors, 'shared')}
                />
              )}
              <div className="dialog-actions">
                <Dialog.Close className="button" disabled={busy}>
                  <FormattedMessage id="common.cancel" />
                </Dialog.Close>
                <button type="submit" className="button button-primary" disabled={busy}>
                  <FormattedMessage id="find.views.saveButton" />
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={dialog === 'manage'} onOpenChange={(next) => !busy && !next && setDialog(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">
              <FormattedMessage id="find.views.manageTitle" />
            </Dialog.Title>
            {detail && (
              <p className="notice notice-error" role="alert">
                <ErrorText text={detail} />
              </p>
            )}
            {mine.map((view) => (
              <form
                key={view.id}
                noValidate
                className="saved-view-row"
                aria-label={view.name}
                onSubmit={(event) => {
                  event.preventDefault();
                  setEditing(view.id);
                  actor.send({ type: 'rename', view, name: names[view.id] ?? view.name });
                }}
              >
                <TextField
                  label={<FormattedMessage id="find.views.name" />}
                  required
                  maxLength={80}
                  autoComplete="off"
                  value={names[view.id] ?? view.name}
                  onChange={(name) => setNames({ ...names, [view.id]: name })}
                  errors={editing === view.id ? errorsAt(fieldErrors, 'name') : undefined}
                />
                <div className="saved-view-actions">
                  <button type="submit" className="button" disabled={busy}>
                    <FormattedMessage id="find.views.rename" />
                  </button>
                  <button type="button" className="button button-danger" disabled={busy} onClick={() => setRemoving(view)}>
                    <FormattedMessage id="find.views.delete" />
                  </button>
                </div>
              </form>
            ))}
            <div className="dialog-actions">
              <Dialog.Close className="button" disabled={busy}>
                <FormattedMessage id="find.views.close" />
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={removing !== null}
        danger
        busy={busy}
        title={<FormattedMessage id="find.views.deleteTitle" values={{ name: removing?.name ?? '' }} />}
        description={<FormattedMessage id="find.views.deleteDescription" />}
        confirmLabel={<FormattedMessage id="find.views.delete" />}
        onConfirm={() => removing && actor.send({ type: 'remove', view: removing })}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

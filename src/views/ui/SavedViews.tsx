import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from 'sonner';
import type { ActorRefFrom } from 'xstate';
import type { SavedView, SavedViewState } from '../../api/find.ts';
import { savedViewsMachine } from '../../machines/find/savedViews.ts';
import { CommandDialog } from './CommandDialog.tsx';
import { defineCommand, useCommand } from './command.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { chooseColumns, storedColumns } from './DataTable.tsx';
import { ErrorText } from './fields/Field.tsx';
import { TextField } from './fields/TextField.tsx';
import { ToggleField } from './fields/ToggleField.tsx';
import type { ListActor } from './ListResults.tsx';

type SavedViewsActor = ActorRefFrom<typeof savedViewsMachine>;

const NAME_LIMITS = { type: 'string', required: true, maxLength: 80 } as const;
const saveView = defineCommand({ command: 'savedViewCreate', fields: { name: NAME_LIMITS } });
const renameView = defineCommand({ command: 'savedViewRename', fields: { name: NAME_LIMITS } });
const removeView = defineCommand({ command: 'savedViewRemove' });

/** Whether the list shows what a view saved (its columns aside: the table may squeeze them). */
const showing = (state: SavedViewState, query: { filters: Record<string, string>; search: string; ordering: string }) =>
  JSON.stringify(Object.entries(state.filters).sort()) === JSON.stringify(Object.entries(query.filters).sort()) &&
  state.search === query.search &&
  state.ordering === query.ordering;

/** Which dialog is open: saving the list, managing one's views, or deleting one of them (over the managing). */
type OpenDialog = 'save' | 'manage' | { remove: SavedView } | null;

/**
 * The "Saved views" menu in a list's header: apply one of the user's views or one staff
 * share (filters, search, ordering and columns), save the list as it is under a name (kept
 * on the server, shared with all staff when staff choose), rename or delete one's own.
 * The views are the saved views machine's; saving, renaming and deleting are commands.
 */
export function SavedViews({ listKey, list, tableName, staff }: { listKey: string; list: ListActor; tableName: string; staff: boolean }) {
  const intl = useIntl();
  const actor = useActorRef(savedViewsMachine, { input: { listKey } });
  const views = useSelector(actor, (s) => s.context.views);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const query = useSelector(list, (s) => s.context.query);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const mine = views.filter((v) => v.mine);
  const others = views.filter((v) => !v.mine);

  const apply = (view: SavedView) => {
    list.send({ type: 'filters.replace', filters: view.state.filters, ordering: view.state.ordering, search: view.state.search });
    chooseColumns(tableName, view.state.columns);
    toast(intl.formatMessage({ id: 'find.views.applied' }, { name: view.name }));
  };
  const open = (which: 'save' | 'manage') => setDialog(which);

  const item = (view: SavedView) => (
    <DropdownMenu.CheckboxItem key={view.id} className="menu-item" checked={showing(view.state, query)} onSelect={() => apply(view)}>
      <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
      <span className="saved-view-name">{view.name}</span>
    </DropdownMenu.CheckboxItem>
  );

  return (
    <>
      {/* Views that failed to load are asked for again when the menu opens. */}
      <DropdownMenu.Root dir={intl.locale.startsWith('ar') ? 'rtl' : 'ltr'} onOpenChange={(next) => next && failed && actor.send({ type: 'retry' })}>
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

      {dialog === 'save' && (
        <SaveViewDialog
          listKey={listKey}
          staff={staff}
          state={{ filters: { ...query.filters }, search: query.search, ordering: query.ordering, columns: storedColumns(tableName) }}
          onSaved={(view) => {
            actor.send({ type: 'view.saved', view });
            toast.success(intl.formatMessage({ id: 'find.views.saved' }, { name: view.name }));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}

      <Dialog.Root open={dialog !== null && dialog !== 'save'} onOpenChange={(next) => !next && setDialog(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">
              <FormattedMessage id="find.views.manageTitle" />
            </Dialog.Title>
            {mine.map((view) => (
              // A rename makes a new version: the row starts again from it.
              <SavedViewRow key={`${view.id}:${view.version}`} view={view} views={actor} onRemove={() => setDialog({ remove: view })} />
            ))}
            <div className="dialog-actions">
              <Dialog.Close className="button">
                <FormattedMessage id="find.views.close" />
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      {dialog !== null && typeof dialog === 'object' && (
        <RemoveViewDialog
          key={dialog.remove.id}
          view={dialog.remove}
          onRemoved={(view) => {
            actor.send({ type: 'view.removed', view });
            setDialog('manage');
          }}
          onClose={() => setDialog('manage')}
        />
      )}
    </>
  );
}

/** Saving the list as it is under a name; staff may share it with all staff. */
function SaveViewDialog({ listKey, staff, state, onSaved, onClose }: { listKey: string; staff: boolean; state: SavedViewState; onSaved: (view: SavedView) => void; onClose: () => void }) {
  const form = useCommand(saveView, { values: { name: '', shared: false }, fixed: { listKey, state }, onDone: onSaved });
  const shared = form.field('shared');
  return (
    <CommandDialog
      form={form}
      title={<FormattedMessage id="find.views.saveTitle" />}
      description={<FormattedMessage id="find.views.saveDescription" />}
      submitLabel={<FormattedMessage id="find.views.saveButton" />}
      onClose={onClose}
    >
      <TextField label={<FormattedMessage id="find.views.name" />} maxLength={80} autoComplete="off" {...form.field('name')} />
      {staff && (
        <ToggleField
          label={<FormattedMessage id="find.views.share" />}
          hint={<FormattedMessage id="find.views.shareHint" />}
          checked={shared.value}
          onChange={shared.onChange}
          errors={shared.errors}
        />
      )}
    </CommandDialog>
  );
}

/** One of the user's views in the managing dialog: renamed in place, or deleted after a question. */
function SavedViewRow({ view, views, onRemove }: { view: SavedView; views: SavedViewsActor; onRemove: () => void }) {
  const form = useCommand(renameView, { values: { name: view.name }, fixed: { view }, onDone: (renamed) => views.send({ type: 'view.saved', view: renamed }) });
  return (
    <form
      noValidate
      className="saved-view-row"
      aria-label={view.name}
      aria-busy={form.busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      {form.error && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={form.error} />
        </p>
      )}
      <TextField label={<FormattedMessage id="find.views.name" />} maxLength={80} autoComplete="off" {...form.field('name')} />
      <div className="saved-view-actions">
        <button type="submit" className="button" disabled={form.busy}>
          <FormattedMessage id="find.views.rename" />
        </button>
        <button type="button" className="button button-danger" disabled={form.busy} onClick={onRemove}>
          <FormattedMessage id="find.views.delete" />
        </button>
      </div>
    </form>
  );
}

/** The question before deleting a view; the server's refusal, if any, shows in it. */
function RemoveViewDialog({ view, onRemoved, onClose }: { view: SavedView; onRemoved: (view: SavedView) => void; onClose: () => void }) {
  const form = useCommand(removeView, { fixed: { view }, onDone: onRemoved });
  return (
    <ConfirmDialog
      open
      danger
      busy={form.busy}
      title={<FormattedMessage id="find.views.deleteTitle" values={{ name: view.name }} />}
      description={<FormattedMessage id="find.views.deleteDescription" />}
      confirmLabel={<FormattedMessage id="find.views.delete" />}
      onConfirm={form.submit}
      onCancel={onClose}
    >
      {form.error && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={form.error} />
        </p>
      )}
    </ConfirmDialog>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from 'sonner';
import type { SavedReply } from '../../api/messages.ts';
import type { ThreadActor } from '../../machines/resources/thread.ts';
import { defineCommand, useCommand } from '../ui/command.ts';
import { useRead } from '../ui/useRead.ts';

const saveReply = defineCommand({ command: 'savedReplyCreate' });
const removeReply = defineCommand({ command: 'savedReplyRemove' });

/** A saved reply's title: the first line of the text, cut at a word near 60 characters. */
function titleOf(text: string): string {
  const line = text.trim().split('\n')[0].trim();
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 30 ? cut.lastIndexOf(' ') : 60)}…`;
}

/**
 * Saved replies beside a conversation's reply box: one inserted into what is being
 * written, the reply being written kept for next time (titled by its first line), one
 * removed. Kept on the server, per vendor (the platform staff keep theirs).
 */
export function SavedRepliesMenu({ thread }: { thread: ThreadActor }) {
  const intl = useIntl();
  const replies = useRead('savedReplies', {});
  const draft = useSelector(thread, (s) => s.context.draft);
  const save = useCommand(saveReply, {
    onDone: (saved) => {
      replies.reload();
      toast.success(intl.formatMessage({ id: 'inbox.saved.savedToast' }, { title: saved.title }));
      save.again();
    },
  });
  const remove = useCommand(removeReply, {
    onDone: (removed) => {
      replies.reload();
      toast.success(intl.formatMessage({ id: 'inbox.saved.removedToast' }, { title: removed.title }));
      remove.again();
    },
  });
  const list = replies.data ?? [];
  const insert = (reply: SavedReply) => thread.send({ type: 'draft.changed', value: draft.trim() ? `${draft.trimEnd()}\n\n${reply.body}` : reply.body });
  const problem = save.error ?? remove.error;

  return (
    <>
      <DropdownMenu.Root dir={intl.locale.startsWith('ar') ? 'rtl' : 'ltr'} onOpenChange={(next) => next && replies.reload()}>
        <DropdownMenu.Trigger className="button button-small" aria-busy={save.busy || remove.busy || undefined}>
          <FormattedMessage id="inbox.saved.menu" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu saved-replies-menu" align="end" sideOffset={4}>
            {list.length === 0 && (
              <p className="menu-label">
                <FormattedMessage id={replies.error ? 'inbox.saved.loadFailed' : 'inbox.saved.none'} />
              </p>
            )}
            {list.map((reply) => (
              <DropdownMenu.Item key={reply.id} className="menu-item" onSelect={() => insert(reply)}>
                <bdi>{reply.title}</bdi>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item
              className="menu-item"
              disabled={!draft.trim() || save.busy}
              onSelect={() => {
                save.set({ title: titleOf(draft), body: draft.trim() });
                save.submit();
              }}
            >
              <FormattedMessage id="inbox.saved.save" />
            </DropdownMenu.Item>
            {list.length > 0 && (
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className="menu-item">
                  <FormattedMessage id="inbox.saved.remove" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent className="menu" sideOffset={4}>
                    {list.map((reply) => (
                      <DropdownMenu.Item
                        key={reply.id}
                        className="menu-item"
                        disabled={remove.busy}
                        onSelect={() => {
                          remove.set({ reply });
                          remove.submit();
                        }}
                      >
                        <bdi>{reply.title}</bdi>
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

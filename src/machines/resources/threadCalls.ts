/**
 * The thread machine (./thread.ts) talking to the server: its messages and a reply are the
 * named `threadMessages` read and `threadReply` command, for a ticket's or a
 * conversation's thread, the latest `limit` messages of it.
 */
import { fromPromise } from 'xstate';
import type { ThreadRef } from '../../api/calls/workspace.ts';
import { runCommand } from '../../api/commands.ts';
import { runRead } from '../../api/reads.ts';
import { threadMachine, type Reply } from './thread.ts';

/** The thread machine with its calls, for one thread. */
export function threadWithCalls(thread: ThreadRef, limit: number) {
  return threadMachine.provide({
    actors: {
      loadThread: fromPromise(({ signal }) => runRead('threadMessages', { thread, limit }, signal)),
      postReply: fromPromise(({ input }: { input: { url: string; reply: Reply } }) => runCommand('threadReply', { thread, reply: input.reply })),
    },
  });
}

/** What the thread machine keeps as the thread's address (its messages' path). */
export const threadKey = (thread: ThreadRef): string => (typeof thread === 'string' ? thread : `${thread.collection}/${thread.id}`);

/**
 * Every one-shot action a form sends, by name: the form's values and the fixed parts
 * (which record, at which version) go in, the server's answer comes out. The command
 * machine (src/machines/resources/command.ts) looks the name up here, so a dialog never
 * calls the API itself. A new command is one line here and a `defineCommand` beside its
 * screen.
 */
import { reconcilePayment } from './payments.ts';
import { bookingsCommands } from './calls/bookings.ts';
import { catalogCommands } from './calls/catalog.ts';
import { customersCommands } from './calls/customers.ts';
import { moneyCommands } from './calls/money.ts';
import { servicesCommands } from './calls/services.ts';
import { workspaceCommands } from './calls/workspace.ts';

export const commands = {
  reconcilePayment: (input: { id: string; version: number; reconciled: boolean; note: string }) =>
    reconcilePayment(input.id, { reconciled: input.reconciled, note: input.note.trim(), version: input.version }),
  ...bookingsCommands,
  ...customersCommands,
  ...servicesCommands,
  ...moneyCommands,
  ...workspaceCommands,
  ...catalogCommands,
};

export type CommandName = keyof typeof commands;
export type CommandInput<N extends CommandName> = Parameters<(typeof commands)[N]>[0];
export type CommandResult<N extends CommandName> = Awaited<ReturnType<(typeof commands)[N]>>;

/** Sends a named command (the command machine's one side effect). */
export function runCommand<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandResult<N>> {
  return (commands[name] as (input: CommandInput<N>) => Promise<CommandResult<N>>)(input);
}

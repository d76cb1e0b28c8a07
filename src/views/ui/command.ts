/**
 * A one-shot form as data: the command it sends (src/api/commands.ts), what it starts
 * with, and the limits of its fields; `useCommand` runs it on the command machine
 * (src/machines/resources/command.ts) and binds its fields, and `<CommandDialog>` shows it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CommandInput, CommandName, CommandResult } from '../../api/commands.ts';
import { commandMachine, type CommandActor, type Values } from '../../machines/resources/command.ts';
import type { FieldLimits } from '../../machines/resources/validation.ts';
import { errorsAt } from './fields/fieldErrors.ts';

export interface CommandSpec<N extends CommandName> {
  command: N;
  /** The limits of the fields the form shows, checked before sending (the server checks them again). */
  fields?: Readonly<Partial<Record<keyof CommandInput<N> & string, FieldLimits>>>;
  /** What to say of a required field left empty, when "required" says too little. */
  requiredMessages?: Readonly<Partial<Record<keyof CommandInput<N> & string, string>>>;
}

/** Identity, for the types: the fields are checked against the command's input. */
export function defineCommand<const N extends CommandName>(spec: CommandSpec<N>): CommandSpec<N> {
  return spec;
}

type FieldName<N extends CommandName> = keyof CommandInput<N> & string;

export interface CommandForm<N extends CommandName> {
  actor: CommandActor;
  values: Partial<CommandInput<N>>;
  /** Binds a field: its value, its change and the errors at it. */
  field: <K extends FieldName<N>>(name: K) => {
    value: CommandInput<N>[K];
    onChange: (value: CommandInput<N>[K]) => void;
    errors: string[] | undefined;
    required: boolean | undefined;
  };
  set: (values: Partial<CommandInput<N>>) => void;
  submit: () => void;
  again: () => void;
  busy: boolean;
  done: boolean;
  result: CommandResult<N> | null;
  /** A refusal that names no field. */
  error: string | null;
  fieldErrors: Readonly<Record<string, string[]>>;
  /** The fields bound this render (their errors show at them; the dialog lists the others). */
  shown: () => readonly string[];
}

/**
 * The command's actor for a form: `values` what the form starts with, `fixed` what it
 * sends without showing (the record's id and version). `onDone` runs once with the
 * server's answer.
 */
export function useCommand<N extends CommandName>(
  spec: CommandSpec<N>,
  { values, fixed, onDone }: { values?: Partial<CommandInput<N>>; fixed?: Partial<CommandInput<N>>; onDone?: (result: CommandResult<N>) => void } = {},
): CommandForm<N> {
  const actor = useActorRef(commandMachine, {
    input: { command: spec.command, values: values as Values, fixed: fixed as Values, limits: spec.fields as Record<string, FieldLimits>, requiredMessages: spec.requiredMessages as Record<string, string> },
  });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const done = snapshot.matches('done');
  const bound = useRef(new Set<string>());
  bound.current = new Set();
  const latestOnDone = useRef(onDone);
  latestOnDone.current = onDone;
  useEffect(() => {
    if (done) latestOnDone.current?.(context.result as CommandResult<N>);
  }, [done]);
  return {
    actor,
    values: context.values as Partial<CommandInput<N>>,
    field: (name) => (bound.current.add(name), {
      value: context.values[name] as CommandInput<N>[typeof name],
      onChange: (value) => actor.send({ type: 'field.changed', name, value }),
      errors: errorsAt(context.fieldErrors, name),
      required: spec.fields?.[name]?.required,
    }),
    set: (next) => actor.send({ type: 'values.changed', values: next as Values }),
    submit: () => actor.send({ type: 'submit' }),
    again: () => actor.send({ type: 'again' }),
    busy: snapshot.hasTag('busy'),
    done,
    result: done ? (context.result as CommandResult<N>) : null,
    error: context.error,
    fieldErrors: context.fieldErrors,
    shown: () => [...bound.current],
  };
}

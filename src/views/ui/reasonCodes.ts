/**
 * The reason codes (a few dozen, every kind), read once per page load and shared by every
 * reason field and every reason shown: what an operator picks, and how a stored code reads
 * in the user's language.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import type { ReasonCodeRow } from '../../api/calls/workspace.ts';
import type { ReasonKind } from '../../../common/reasonKinds.ts';
import { readMachine, type ReadActor } from '../../machines/resources/read.ts';
import { localized } from './format.ts';

export type { ReasonCodeRow };

/** The one read of the codes every field shares (the `reasonCodes` read), started by the first field shown. */
let shared: ReadActor | null = null;
const reasonCodesRead = (): ReadActor => (shared ??= createActor(readMachine, { input: { read: 'reasonCodes', args: {} } }).start());

const NONE: ReasonCodeRow[] = [];

/** Every reason code (retired ones too, so old records still read); null while loading, [] when they cannot be had. */
export function useReasonCodes(): ReasonCodeRow[] | null {
  const read = reasonCodesRead();
  const failed = useSelector(read, (s) => s.matches('failed'));
  // Codes that could not be read are asked for again by the next field shown.
  useEffect(() => {
    if (read.getSnapshot().matches('failed')) read.send({ type: 'retry' });
  }, []);
  const codes = useSelector(read, (s) => (s.context.data as ReasonCodeRow[] | undefined) ?? null);
  return failed ? NONE : codes;
}

/** A stored reason in `locale`: the code's label, then the free text beside it (or the text alone). */
export function reasonText(codes: readonly ReasonCodeRow[] | null, kinds: readonly ReasonKind[], code: unknown, text: unknown, locale: string): string {
  const found = typeof code === 'string' ? codes?.find((c) => c.code === code && kinds.includes(c.kind as ReasonKind)) : undefined;
  const label = found ? localized(found.label_i18n, locale) : '';
  const free = typeof text === 'string' ? text.trim() : '';
  return [label, free].filter(Boolean).join(' — ');
}

/** The active codes an action of `kind` offers, in order; [] for no kind or none known; null while loading. */
export function codesOf(codes: readonly ReasonCodeRow[] | null, kind: ReasonKind | undefined): ReasonCodeRow[] | null {
  if (!kind) return [];
  return codes && codes.filter((c) => c.kind === kind && c.active);
}

/** Whether a reason is complete: a code chosen (with its text when it asks for one), or free text where no code is offered. */
export function reasonComplete(offered: readonly ReasonCodeRow[] | null, value: { code: string; text: string }): boolean {
  if (offered === null) return false;
  if (offered.length === 0) return value.text.trim() !== '';
  const chosen = offered.find((c) => c.code === value.code);
  return chosen !== undefined && (!chosen.needs_free_text || value.text.trim() !== '');
}

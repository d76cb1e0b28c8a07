/**
 * The reason codes (a few dozen, every kind), read once per page load and shared by every
 * reason field and every reason shown: what an operator picks, and how a stored code reads
 * in the user's language.
 */
import { useEffect, useState } from 'react';
import { fetchList } from '../../api/resources.ts';
import type { ReasonCodesRecord } from '../../domain/collections.ts';
import type { ReasonKind } from '../../domain/reasonKinds.ts';
import { localized } from './format.ts';

export type ReasonCodeRow = Pick<ReasonCodesRecord, 'id' | 'kind' | 'code' | 'label_i18n' | 'needs_free_text' | 'active' | 'sort_order'>;

let loading: Promise<ReasonCodeRow[]> | null = null;

function loadReasonCodes(): Promise<ReasonCodeRow[]> {
  loading ??= fetchList<ReasonCodeRow>('reason-codes', { page: 1, page_size: 100, search: '', ordering: 'sort_order', filters: {} })
    .then((page) => page.results)
    .catch((error: unknown) => {
      loading = null; // the next field asks again
      throw error;
    });
  return loading;
}

/** Every reason code (retired ones too, so old records still read); null while loading, [] when they cannot be had. */
export function useReasonCodes(): ReasonCodeRow[] | null {
  const [codes, setCodes] = useState<ReasonCodeRow[] | null>(null);
  useEffect(() => {
    let live = true;
    loadReasonCodes().then(
      (rows) => live && setCodes(rows),
      () => live && setCodes([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return codes;
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

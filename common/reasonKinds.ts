/**
 * Coded reasons (DOMAIN "Reason code"): which kind of reason each action that needs one
 * asks for. Plain data, shared by the server (it checks a code exists for that kind) and
 * the SPA (the reason field lists that kind's codes in the user's language).
 */
export const REASON_KINDS = ['cancellation', 'refund', 'rejection', 'unpaid_check_in'] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

/** A code: lower-case words joined by underscores, as stored beside the free text. */
export const REASON_CODE_PATTERN = '^[a-z][a-z0-9_]{0,39}$';

/** The kind of coded reason a lifecycle event takes, by chart and event. */
const EVENT_REASON_KINDS: Record<string, Record<string, ReasonKind>> = {
  // A check-in while money is still due says why (the chart's paidOrCodedReason guard).
  booking: { cancel: 'cancellation', decline: 'rejection', check_in: 'unpaid_check_in' },
  refund: { reject: 'rejection' },
};

export function reasonKindOf(lifecycle: string, event: string): ReasonKind | undefined {
  return EVENT_REASON_KINDS[lifecycle]?.[event];
}

/** When a vendor document is flagged: on the vendor page and on the home action queue (kept apart, small, for the home chunk). */
export const EXPIRY_NOTICE_DAYS = 30;

/** Today in Algeria (YYYY-MM-DD): a document expiring today is still valid today. */
export const algeriaToday = (now = Date.now()) => new Date(now + 3_600_000).toISOString().slice(0, 10);

/** The last day a document may expire on to be flagged today. */
export const expiryNoticeLimit = (now = Date.now()) => algeriaToday(now + EXPIRY_NOTICE_DAYS * 86_400_000);

/** The heading of a vendor's document alert: expired documents are not said to be "expiring". */
export function expiryHeading(expiresOn: string[], today = algeriaToday()): 'vendors.expiry.title' | 'vendors.expiry.titleExpired' | 'vendors.expiry.titleMixed' {
  const expired = expiresOn.filter((day) => day < today).length;
  if (expired === 0) return 'vendors.expiry.title';
  return expired === expiresOn.length ? 'vendors.expiry.titleExpired' : 'vendors.expiry.titleMixed';
}

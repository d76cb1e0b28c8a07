/** The customer page as data: its tabs, in order, each named in the URL (`?tab=bookings`). */
export const CUSTOMER_TABS = ['profile', 'bookings', 'payments', 'wallet', 'loyalty', 'reviews', 'conversations', 'history'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];
/** The wallet and loyalty ledgers and the customer's history are staff's (vendor staff get 403 there). */
const STAFF_TABS: readonly CustomerTab[] = ['wallet', 'loyalty', 'history'];

export function tabsFor(staff: boolean): readonly CustomerTab[] {
  return staff ? CUSTOMER_TABS : CUSTOMER_TABS.filter((t) => !STAFF_TABS.includes(t));
}

export function tabOf(search: string, staff: boolean): CustomerTab {
  const tab = new URLSearchParams(search).get('tab');
  return (tabsFor(staff) as readonly string[]).includes(tab ?? '') ? (tab as CustomerTab) : 'profile';
}

/** The fields staff edit on the profile tab (blocking has its own action, with a reason). */
export const CUSTOMER_DEFAULTS = {
  name: '', phone: '', email: null, locale: 'fr', wilaya_code: null, date_of_birth: null, notes: null, marketing_opt_in: false,
};

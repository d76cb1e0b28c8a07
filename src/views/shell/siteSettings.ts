/**
 * Settings the signed-in app follows on every screen: the currency's display format (every
 * amount, through formatMoney) and the company's identity (the footer). The format of the
 * last visit applies as soon as the shell loads, before any amount is drawn; the server's
 * current one replaces it once read, and a change saved on the settings page at once.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { setMoneyFormat, type MoneyFormat } from '../ui/format.ts';
import { useRead } from '../ui/useRead.ts';

const MONEY_FORMAT_KEY = 'money-format';

export interface CompanyIdentity {
  legal_name: string;
  trade_name: string;
  rc_number: string | null;
  nif_number: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
}

function cachedFormat(): MoneyFormat | null {
  try {
    return JSON.parse(localStorage.getItem(MONEY_FORMAT_KEY) ?? 'null') as MoneyFormat | null;
  } catch {
    return null;
  }
}
const cached = cachedFormat();
if (cached) setMoneyFormat(cached);

/** A currency format read or saved: used from now on, and first on the next visit. */
export function moneyFormatChanged(format: MoneyFormat): void {
  setMoneyFormat({ symbol_position: format.symbol_position, decimals: format.decimals });
  try {
    localStorage.setItem(MONEY_FORMAT_KEY, JSON.stringify({ symbol_position: format.symbol_position, decimals: format.decimals }));
  } catch {
    // Then it lasts for this page only.
  }
}

let company: CompanyIdentity | null = null;
const listeners = new Set<() => void>();
export function companyChanged(next: CompanyIdentity): void {
  company = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useCompany = () => useSyncExternalStore(subscribe, () => company);

/** Reads both (the `settingsSection` read) once the signed-in app is shown; a failure keeps what is known. */
export function useSiteSettings(): void {
  const currency = useRead('settingsSection', { section: 'currency' });
  const identity = useRead('settingsSection', { section: 'company' });
  useEffect(() => {
    if (currency.data) moneyFormatChanged(currency.data as unknown as MoneyFormat);
  }, [currency.data]);
  useEffect(() => {
    if (identity.data) companyChanged(identity.data as unknown as CompanyIdentity);
  }, [identity.data]);
}

/**
 * The commission rate to show beside a payment's commission. Where the platform funds part
 * of a discount, commission is charged on the price before it and the platform gives that
 * part to the vendor, so the commission kept is far below the vendor's rate of what was
 * paid: the rate shown is then the effective one, with the vendor's rate named beside it.
 */
export function commissionRate(commission: number, gross: number, percent: number | null): { effective: number; nominal: number; funded: boolean } | null {
  if (percent === null || gross <= 0) return null;
  // One minor unit either way is the split's rounding, not a funded discount.
  const funded = Math.abs(commission - Math.round((gross * percent) / 100)) > 1;
  return { effective: funded ? commission / gross : percent / 100, nominal: percent / 100, funded };
}

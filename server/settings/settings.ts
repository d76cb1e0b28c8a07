/** Settings sections as the money and booking rules read them (defaults until edited). */
import { aiError, nifError, nisError, rcError } from '../../common/algerianIds.ts';
import { brandColorError } from '../../common/brandColor.ts';
import { logoUrl } from '../../common/media.ts';
import { DEFAULT_SETTINGS, type SettingsSection } from '../../common/settings.ts';
import type { Queryable } from '../db/index.ts';

export async function getSettings<S extends SettingsSection>(q: Queryable, section: S): Promise<(typeof DEFAULT_SETTINGS)[S]> {
  const { rows } = await q.query<{ value: Record<string, unknown> }>('SELECT value FROM settings WHERE section = $1', [section]);
  return { ...DEFAULT_SETTINGS[section], ...(rows[0]?.value ?? {}) } as (typeof DEFAULT_SETTINGS)[S];
}

/**
 * What the schema cannot say about a section as it would be stored: `{field: [message]}`,
 * empty when it may be saved. English stays enabled (every text has an English version
 * to fall back on); the defaults must be among what is enabled or accepted; the brand
 * colour must stay readable on both themes; tax numbers follow their Algerian formats.
 */
export function settingsErrors(section: SettingsSection, value: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) errors[field] = [message];
  };
  if (section === 'language') {
    const enabled = value.enabled as string[];
    add('enabled', enabled.includes('en') ? null : 'English cannot be disabled.');
    add('default', enabled.includes(String(value.default)) ? null : 'The default language must be one of the enabled languages.');
  } else if (section === 'currency') {
    add('default', (value.accepted as string[]).includes(String(value.default)) ? null : 'The default currency must be one of the accepted currencies.');
  } else if (section === 'theme') {
    add('brand_color', brandColorError(String(value.brand_color)));
  } else if (section === 'company') {
    const ids = { rc_number: rcError, nif_number: nifError, nis_number: nisError, ai_number: aiError };
    for (const [field, check] of Object.entries(ids)) {
      const text = value[field];
      if (typeof text === 'string' && text !== '') add(field, check(text));
    }
  }
  return errors;
}

/** Refusal of a price or booking in a currency the marketplace does not accept (null when accepted). */
export async function unacceptedCurrency(q: Queryable, currency: unknown): Promise<string | null> {
  const accepted = (await getSettings(q, 'currency')).accepted as string[];
  return accepted.includes(String(currency)) ? null : `${String(currency)} is not an accepted currency (accepted: ${accepted.join(', ')}).`;
}

/** A logo names an uploaded image of the marketplace (owner `branding`): the refusal, else null. */
export async function logoMediaError(q: Queryable, mediaId: unknown): Promise<string | null> {
  if (mediaId == null) return null;
  const { rows } = await q.query("SELECT 1 FROM media WHERE id = $1 AND owner_type = 'branding' AND stored", [mediaId]);
  return rows.length > 0 ? null : 'Upload the logo first: this is not an image of the marketplace.';
}

/** What the login page needs before anyone signs in: nothing private. */
export async function publicSettings(q: Queryable) {
  const [language, theme, company] = await Promise.all([getSettings(q, 'language'), getSettings(q, 'theme'), getSettings(q, 'company')]);
  return {
    language: { enabled: language.enabled, default: language.default },
    theme: { mode: theme.mode, brand_color: theme.brand_color, logo_url: logoUrl(theme as { logo_url: string | null; logo_media_id?: string | null }) },
    company: { trade_name: company.trade_name },
  };
}

/**
 * The fee rates a booking was made under (kept by a trigger when it was created), so a
 * change of fees applies to later bookings only; the current ones for a booking older
 * than that record.
 */
export async function feesOfBooking(q: Queryable, bookingId: string): Promise<(typeof DEFAULT_SETTINGS)['fees']> {
  const { rows } = await q.query<{ rates: Record<string, unknown> }>('SELECT rates FROM booking_fee_rates WHERE booking_id = $1', [bookingId]);
  if (!rows[0]) return getSettings(q, 'fees');
  return { ...DEFAULT_SETTINGS.fees, ...rows[0].rates } as (typeof DEFAULT_SETTINGS)['fees'];
}

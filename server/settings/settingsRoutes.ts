/**
 * Settings, one record per section: GET /settings/ (the sections the caller may read),
 * GET /settings/<section>/, PATCH /settings/<section>/ {version, ...fields}, and
 * GET /settings/public/ (what the login page needs, without signing in). Vendor staff may
 * read every section but fees; only staff change settings. Each change is audited with
 * the fields before and after.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_SETTINGS, SETTINGS_SECTIONS, SettingsSchemas, VENDOR_READABLE_SECTIONS, settingsPatchOf, type SettingsSection,
} from '../../common/settings.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, forbidden, validationErrorBody, ApiError } from '../errors.ts';
import { logoMediaError, publicSettings, settingsErrors } from './settings.ts';
import { actorOf, type Actor } from '../engine/actor.ts';
import { diff, writeAudit } from '../engine/audit.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { context, rejectUnstorableText, staleVersion } from '../engine/resources.ts';
import { toRecord } from '../engine/table.ts';
import { addWebUrlFormat } from '../input.ts';

/** One validator per section; addresses are judged by this server's mode (server/input.ts). */
function sectionValidators(production: boolean) {
  const ajv = addFormats.default(new Ajv({ allErrors: true, strict: false }));
  addWebUrlFormat(ajv, production);
  return Object.fromEntries(SETTINGS_SECTIONS.map((s) => [s, ajv.compile(SettingsSchemas[s])]));
}

async function loadSection(q: Queryable, section: SettingsSection, forUpdate = false) {
  await q.query('INSERT INTO settings (section, value) VALUES ($1, $2::jsonb) ON CONFLICT (section) DO NOTHING', [
    section,
    JSON.stringify(DEFAULT_SETTINGS[section]),
  ]);
  const { rows } = await q.query(`SELECT section, value, version, updated_at FROM settings WHERE section = $1${forUpdate ? ' FOR UPDATE' : ''}`, [section]);
  const record = toRecord<{ section: string; value: Record<string, unknown>; version: number; updated_at: string }>(rows[0]);
  return { ...record, value: { ...DEFAULT_SETTINGS[section], ...record.value } };
}

/** How many wallets hold money: they are kept in the marketplace currency, with no rate to convert them. */
async function walletsHolding(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE wallet_balance <> 0');
  return rows[0].n;
}

function assertCanRead(actor: Actor, section: SettingsSection) {
  if (!actor.staff && !VENDOR_READABLE_SECTIONS.includes(section)) throw forbidden('Only staff may see these settings.');
}

export function registerSettings(app: FastifyInstance): void {
  const validators = sectionValidators(app.config.production);
  const pre = { onRequest: app.authenticate };
  // Before sign-in: the languages offered, the theme and the brand (no authentication).
  app.get(`${API_PREFIX}/settings/public/`, async () => publicSettings(app.db));
  app.get(`${API_PREFIX}/settings/`, pre, async (request) => {
    const { actor } = await context(app, request);
    const sections = SETTINGS_SECTIONS.filter((s) => actor.staff || VENDOR_READABLE_SECTIONS.includes(s));
    const results = [];
    for (const s of sections) results.push(await loadSection(app.db, s));
    return { count: results.length, next: null, previous: null, results };
  });

  for (const section of SETTINGS_SECTIONS) {
    const url = `${API_PREFIX}/settings/${section}/`;
    app.get(url, pre, async (request) => {
      const { actor } = await context(app, request);
      assertCanRead(actor, section);
      return loadSection(app.db, section);
    });
    const staffOnly = {
      onRequest: [
        app.authenticate,
        async (request: FastifyRequest) => {
          if (!(await actorOf(request, app.db)).staff) throw forbidden('Only staff may change settings.');
        },
      ],
      preValidation: rejectUnstorableText,
    };
    app.patch<{ Body: Record<string, unknown> & { version: number } }>(url, { ...staffOnly, schema: { body: settingsPatchOf(section) } }, async (request) => {
      const ctx = await context(app, request);
      const saved = await app.db.transaction(async (tx) => {
        const before = await loadSection(tx, section, true);
        const { version, ...changes } = request.body;
        if (version !== before.version) throw staleVersion(before);
        const value = { ...before.value, ...changes };
        if (!validators[section](value)) throw new ApiError(400, validationErrorBody(validators[section].errors ?? []));
        const errors = settingsErrors(section, value);
        if (section === 'currency' && value.default !== before.value.default) {
          const held = await walletsHolding(tx);
          if (held) errors.default = [`Customer wallets hold money in ${String(before.value.default)} (${held.toLocaleString('en-US')} with a balance); the marketplace currency cannot change while any wallet has one.`];
        }
        const logoError = section === 'theme' ? await logoMediaError(tx, value.logo_media_id) : null;
        if (logoError) errors.logo_media_id = [logoError];
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        const { rows } = await tx.query(
          `UPDATE settings SET value = $2::jsonb, version = version + 1, updated_at = now(), updated_by = $3 WHERE section = $1
           RETURNING section, value, version, updated_at`,
          [section, JSON.stringify(value), ctx.actor.user.id],
        );
        const after = toRecord<typeof before>(rows[0]);
        await writeAudit(tx, ctx.actor, { action: 'settings', entity: 'settings', entityId: section, vendorId: null, ...diff(before.value, after.value) });
        return after;
      });
      // Once committed: this instance's Content-Security-Policy allows the new tiles at once.
      if (section === 'map') app.mapTiles.changed(String(saved.value.tile_url));
      return saved;
    });
  }
}

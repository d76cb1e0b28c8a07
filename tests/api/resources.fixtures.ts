/**
 * Shared set-up of the domain API suites (resources, lifecycles, authz, fuzz): a test
 * app with the demo vendors, one staff user and one user per vendor (tokens signed
 * directly, no password hashing), a small catalogue per vendor, and request helpers.
 */
import assert from 'node:assert/strict';
import type { AuthUser } from '../../server/auth/plugin.ts';
import { startRefreshFamily } from '../../server/auth/refreshTokens.ts';
import { DEMO_VENDORS, ensureDemoVendors } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './helpers.ts';

export type Json = Record<string, any>;
export interface Res {
  status: number;
  body: any;
}

export interface Who {
  user: AuthUser;
  token: string;
}

export interface Domain {
  t: TestApp;
  admin: Who;
  vendor: Who;
  vendor2: Who;
  vendorId: string;
  vendor2Id: string;
  call(who: Who | null, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  /** Asserts the status and returns the body. */
  ok(who: Who | null, method: string, url: string, body?: unknown, status?: number): Promise<Json>;
  sql<T = Json>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function makeUser(t: TestApp, email: string, admin: boolean, vendorId: string | null): Promise<Who> {
  const { rows } = await t.db.query<AuthUser>(
    `INSERT INTO users (email, name, phone, password_hash, admin, vendor_id) VALUES ($1, $2, NULL, 'not-a-hash', $3, $4)
     RETURNING id, email, name, phone, admin, vendor_id`,
    [email, email.split('@')[0], admin, vendorId],
  );
  const session = await startRefreshFamily(t.db, rows[0].id, 86_400);
  return { user: rows[0], token: await t.app.signAccessToken(rows[0], session.familyId) };
}

export async function startDomain(): Promise<Domain> {
  const t = await startTestApp();
  await ensureDemoVendors(t.db);
  const vendorId = DEMO_VENDORS.sahara.id;
  const vendor2Id = DEMO_VENDORS.kabylie.id;
  const admin = await makeUser(t, 'staff@rihla.test', true, null);
  const vendor = await makeUser(t, 'sahara@rihla.test', false, vendorId);
  const vendor2 = await makeUser(t, 'kabylie@rihla.test', false, vendor2Id);
  const call: Domain['call'] = async (who, method, url, body, headers = {}) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: url.startsWith('/branch/api') ? url : `/branch/api${url}`,
      headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body, headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers } } : { payload: body as object }),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed };
  };
  return {
    t, admin, vendor, vendor2, vendorId, vendor2Id, call,
    async ok(who, method, url, body, status) {
      const res = await call(who, method, url, body);
      const expected = status ?? (method === 'POST' && !url.includes('/transition/') && !url.endsWith('/read/') && !url.endsWith('/act-as/') ? 201 : method === 'DELETE' ? 204 : 200);
      assert.equal(res.status, expected, `${method} ${url} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async sql(text, params) {
      return (await t.db.query(text, params)).rows as never;
    },
    close: () => t.close(),
  };
}

export const i18n = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });
export const inDays = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

export interface Catalog {
  category: Json;
  location: Json;
  branch: Json;
  service: Json;
  manualService: Json;
  customer: Json;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A cover image for a service (publishing needs one): a media row as the media pipeline leaves it. */
export async function addCover(d: Domain, service: Json): Promise<void> {
  await d.sql(
    `INSERT INTO media (vendor_id, url, owner_type, owner_id, is_cover) VALUES ($1, 'https://cdn.example.test/cover.jpg', 'service', $2, true)`,
    [service.vendor_id, service.id],
  );
}

/** A published service (instant confirmation) and a manual one, with prices, location and cover, for a vendor. */
export async function catalogFor(d: Domain, who: Who, category?: Json): Promise<Catalog> {
  category ??= await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n(`Category ${unique()}`) });
  const branch = await d.ok(who, 'POST', '/branches/', { name: `Branch ${unique()}`, wilaya_code: '16' });
  const location = await d.ok(who, 'POST', '/locations/', { name_i18n: i18n('Meeting point'), wilaya_code: '47', branch_id: branch.id });
  const make = async (confirmation: 'instant' | 'manual') => {
    const service = await d.ok(who, 'POST', '/services/', {
      title_i18n: i18n(`Quad ride ${confirmation}`),
      category_id: category!.id,
      location_id: location.id,
      branch_id: branch.id,
      duration_minutes: 120,
      capacity: 20,
      max_participants: 20,
      confirmation,
      extras: [{ key: 'lunch', name_i18n: i18n('Lunch'), price: 80000, per: 'person' }],
    });
    await d.ok(who, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 500000 });
    await d.ok(who, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'child', amount: 250000 });
    await addCover(d, service);
    return d.ok(who, 'POST', `/services/${service.id}/transition/`, { event: 'publish', version: service.version });
  };
  const service = await make('instant');
  const manualService = await make('manual');
  const customer = await d.ok(who, 'POST', '/customers/', { name: `Karim ${unique()}`, phone: '+213 555 00 11 22', email: 'karim@example.test' });
  return { category, location, branch, service, manualService, customer };
}

/** Books the catalogue's instant service (or another) for 2 adults, `days` ahead. */
export async function book(d: Domain, who: Who, c: Catalog, extra: Json = {}): Promise<Json> {
  return d.ok(who, 'POST', '/bookings/', {
    customer_id: c.customer.id,
    service_id: c.service.id,
    starts_at: inDays(3 + (counter++ % 50)),
    participants: { adult: 2 },
    ...extra,
  });
}

/** Row counts of every domain table and the audit log, to prove nothing was written. */
export async function tableCounts(d: Domain): Promise<Record<string, number>> {
  const tables = [
    'vendors', 'branches', 'locations', 'categories', 'amenities', 'interests', 'customers', 'services', 'service_slots', 'price_rules', 'combos',
    'adventures', 'media', 'coupons', 'discounts', 'deals', 'bookings', 'payments', 'refunds', 'payment_invitations', 'payment_splits',
    'loyalty_entries', 'wallet_transactions', 'reviews', 'topics', 'notifications', 'conversations', 'messages', 'tickets', 'chatbot_requests',
    'help_articles', 'banners', 'settings', 'audit_log',
  ];
  const rows = await d.sql<{ t: string; n: number }>(tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM ${t}`).join(' UNION ALL '));
  const versions = await d.sql<{ v: number }>(
    `SELECT (SELECT coalesce(sum(version), 0) FROM bookings) + (SELECT coalesce(sum(version), 0) FROM services) + (SELECT coalesce(sum(version), 0) FROM customers) + (SELECT coalesce(sum(version), 0) FROM vendors) AS v`,
  );
  return { ...Object.fromEntries(rows.map((r) => [r.t, r.n])), versions: Number(versions[0].v) };
}

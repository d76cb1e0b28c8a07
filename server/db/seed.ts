/**
 * Demo accounts, created on start when the users table is empty and the server is not
 * in production: one staff account and one account for each of two demo vendors. The
 * vendors have fixed ids so the domain demo data can attach to them (ensureDemoVendors).
 */
import { createUser } from '../auth/users.ts';
import type { Database, Queryable } from './index.ts';

export interface DemoVendor {
  id: string;
  trade_name: string;
  legal_name: string;
}

export const DEMO_VENDORS = {
  sahara: { id: '5a4a7a00-0000-4000-8000-000000000001', trade_name: 'Sahara Quad Tours', legal_name: 'SARL Sahara Quad Tours' },
  kabylie: { id: '5a4a7a00-0000-4000-8000-000000000002', trade_name: 'Kabylie Outdoor', legal_name: 'EURL Kabylie Outdoor' },
} as const satisfies Record<string, DemoVendor>;

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  phone: string;
  admin: boolean;
  vendor: DemoVendor | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@rihla.test', password: 'admin12345', name: 'Amina Haddad', phone: '+213 555 12 34 56', admin: true, vendor: null },
  { email: 'vendor@rihla.test', password: 'vendor12345', name: 'Yacine Belkacem', phone: '+213 661 23 45 67', admin: false, vendor: DEMO_VENDORS.sahara },
  { email: 'vendor2@rihla.test', password: 'vendor12345', name: 'Lydia Amrani', phone: '+213 770 98 76 54', admin: false, vendor: DEMO_VENDORS.kabylie },
];

/** Any constant shared by every instance; distinct from the migration lock. */
const SEED_LOCK_KEY = 72_000_002;

/** Creates the demo vendors unless they exist; returns them. */
export async function ensureDemoVendors(q: Queryable): Promise<DemoVendor[]> {
  const vendors = Object.values(DEMO_VENDORS);
  for (const vendor of vendors) {
    await q.query('INSERT INTO vendors (id, trade_name, legal_name) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      vendor.id,
      vendor.trade_name,
      vendor.legal_name,
    ]);
  }
  return vendors;
}

/**
 * Creates the demo vendors and accounts if there is no user at all. Safe when several
 * instances start at once: the check and the inserts run under one advisory lock.
 */
export async function seedDemoAccounts(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await tx.query('SELECT 1 FROM users LIMIT 1');
    if (rows.length > 0) return { seeded: false };
    await ensureDemoVendors(tx);
    for (const account of DEMO_ACCOUNTS) {
      await createUser(tx, { ...account, vendorId: account.vendor?.id ?? null });
    }
    return { seeded: true };
  });
}

/** The demo credentials as lines for the start-up banner. */
export function demoAccountsText(): string {
  return DEMO_ACCOUNTS.map(
    (a) => `  ${a.email.padEnd(20)} ${a.password.padEnd(12)} ${a.admin ? 'staff' : `vendor staff, ${a.vendor?.trade_name}`}`,
  ).join('\n');
}

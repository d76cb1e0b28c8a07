/**
 * Demo data: a believable marketplace, seeded once on an empty database when not in
 * production (and by `npm run seed -- --scale N` for bigger sets). About 20 vendors
 * (the two demo vendors among them), 150 services across the 58 wilayas, 2,000
 * customers and 20,000 bookings from a year ago to three months ahead, with the
 * payments, splits, refunds, reviews, conversations, notifications and ledgers that
 * go with them. Prices come from the same pricing function the API uses; paid,
 * refunded, balance and payment status follow from payments and refunds.
 *
 * Deterministic: one seeded PRNG, dates relative to today (UTC midnight), so the same
 * seed on the same day gives the same data. Fast: rows are built in memory and sent
 * in chunks as one JSON parameter each (INSERT ... SELECT FROM jsonb_to_recordset).
 */
import { quoteBooking, splitAmount, bookingMoney } from '../../common/money.ts';
import { DEFAULT_SETTINGS } from '../../common/settings.ts';
import { WILAYAS } from '../../common/wilayas.ts';
import { ccpKey, ribKey } from '../../common/algerianIds.ts';
import type { Database, Queryable } from './index.ts';
import { DEMO_VENDORS } from './seed.ts';
import { figures, SUMS, sumsOf } from '../payments/index.ts';

export interface DemoOptions {
  /** Multiplies customers and bookings (1 = 2,000 customers and 20,000 bookings). */
  scale?: number;
  seed?: number;
  /** "Today"; defaults to the current UTC day. */
  today?: Date;
  log?: (line: string) => void;
}

export interface DemoStats {
  vendors: number;
  services: number;
  customers: number;
  bookings: number;
  payments: number;
  refunds: number;
  reviews: number;
  messages: number;
  ms: number;
}

type Row = Record<string, unknown>;
const DAY = 86_400_000;
const SEED_LOCK_KEY = 72_000_003;

/** mulberry32: small, fast, good enough for demo data. */
/** Demo reviews' words in each language they are written in. */
const REVIEW_WORDS = {
  fr: {
    good: { titles: ['Inoubliable !', 'Superbe expérience'], body: 'Guide très professionnel, paysages magnifiques.' },
    poor: { titles: ['Trop cher', 'Départ en retard'], body: 'Organisation à revoir, mais le site est beau.' },
    reply: 'Merci pour votre retour !',
  },
  en: {
    good: { titles: ['Great guide', 'Unforgettable'], body: 'A very professional guide and stunning scenery.' },
    poor: { titles: ['Could be better', 'Late start'], body: 'The organisation needs work, but the place is beautiful.' },
    reply: 'Thank you for your feedback!',
  },
  ar: {
    good: { titles: ['رحلة رائعة', 'تجربة لا تُنسى'], body: 'مرشد محترف جدًا ومناظر خلابة.' },
    poor: { titles: ['يمكن أن تكون أفضل', 'انطلاق متأخر'], body: 'التنظيم يحتاج إلى تحسين، لكن المكان جميل.' },
    reply: 'شكرًا على ملاحظاتك!',
  },
} as const;

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = '89ab'[Math.floor(next() * 4)];
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

/** Inserts rows in chunks, each chunk one statement with the rows as a JSON parameter. */
/**
 * Runs `load` with the table's secondary indexes dropped, then rebuilds them from
 * their own definitions: one sorted build is much faster than 20,000 insertions.
 * Unique indexes and constraints stay in place.
 */
async function withoutIndexes(q: Queryable, table: string, load: () => Promise<void>): Promise<void> {
  const { rows } = await q.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.oid = $1::regclass AND NOT x.indisunique AND NOT x.indisprimary`,
    [table],
  );
  for (const r of rows) await q.query(`DROP INDEX ${r.name}`);
  await load();
  for (const r of rows) await q.query(r.def);
}

async function bulk(q: Queryable, table: string, columns: Record<string, string>, rows: Row[], chunk = 4000): Promise<void> {
  const t0 = Date.now();
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk).map((r) => Object.fromEntries(names.map((n) => [n, r[n] ?? null])));
    await q.query(`INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})`, [JSON.stringify(part)]);
  }
  if (process.env.SEED_PROFILE) console.log(`  ${table}: ${rows.length} rows in ${Date.now() - t0} ms`);
}

const i18n = (en: string, fr: string, ar: string) => ({ en, fr, ar });
const iso = (ms: number) => new Date(ms).toISOString();
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Unique refs for the demo: a bijection of the index into 6 characters. */
/** The demo chatbot's intents, and what a customer says for each in French, Arabic and English, with the bot's answer. */
export const CHATBOT_INTENTS = ['booking.change', 'refund.status', 'payment.failed', 'general.question'] as const;
const CHATBOT_WORDS: Record<(typeof CHATBOT_INTENTS)[number], { customer: string; bot: string }[]> = {
  'booking.change': [
    { customer: 'Je voudrais changer la date de ma réservation.', bot: 'Je transmets votre demande de changement de date à un conseiller.' },
    { customer: 'أريد تغيير موعد حجزي من فضلكم.', bot: 'سأحوّل طلب تغيير الموعد إلى أحد المستشارين.' },
    { customer: 'Can I move my booking to another date?', bot: 'I am passing your date change to an agent.' },
  ],
  'refund.status': [
    { customer: 'Où en est le remboursement de ma réservation annulée ?', bot: 'Je vérifie votre remboursement avec un conseiller.' },
    { customer: 'متى سأستلم استرداد المبلغ؟', bot: 'سأتحقق من حالة الاسترداد مع أحد المستشارين.' },
    { customer: 'When will I get my refund?', bot: 'I am checking your refund with an agent.' },
  ],
  'payment.failed': [
    { customer: 'Mon paiement par carte CIB a été refusé.', bot: 'Un conseiller va vous aider à régler votre réservation.' },
    { customer: 'فشل الدفع ببطاقة الذهبية.', bot: 'سيساعدك أحد المستشارين على إتمام الدفع.' },
    { customer: 'My card payment failed twice.', bot: 'An agent will help you pay for your booking.' },
  ],
  'general.question': [
    { customer: 'Est-ce que l’activité convient aux enfants de 8 ans ?', bot: 'Je transmets votre question à un conseiller.' },
    { customer: 'هل يوجد موقف للسيارات في مكان اللقاء؟', bot: 'سأحوّل سؤالك إلى أحد المستشارين.' },
    { customer: 'What should I bring for the activity?', bot: 'I am passing your question to an agent.' },
  ],
};

/** A payout account in its method's format with a right key: a BNA RIB, or a CCP account. */
function demoPayoutAccount(method: string, a: string, b: string) {
  if (method === 'ccp') return { payout_method: method, payout_account: a + ccpKey(a) };
  const first18 = `0070${a.slice(0, 5)}${b}`;
  return { payout_method: method, payout_account: first18 + ribKey(first18) };
}

function demoRef(n: number): string {
  let x = (n * 48_271 + 12_345) % 1_073_741_824; // 32^6, 48271 is odd so this is a bijection
  let s = '';
  for (let i = 0; i < 6; i++) {
    s += REF_ALPHABET[x % 32];
    x = Math.floor(x / 32);
  }
  return `RD${s}`;
}

const FIRST = ['Amine', 'Yacine', 'Karim', 'Sofiane', 'Walid', 'Nassim', 'Mehdi', 'Riad', 'Samir', 'Bilal', 'Anis', 'Hichem', 'Amina', 'Lydia', 'Sarah', 'Yasmine', 'Imane', 'Meriem', 'Nour', 'Lina', 'Rania', 'Asma', 'Kenza', 'Feriel', 'Sonia', 'Nadia', 'Farid', 'Lotfi', 'Djamel', 'Malik'];
const LAST = ['Benali', 'Haddad', 'Bouzid', 'Belkacem', 'Amrani', 'Mansouri', 'Cherif', 'Boudiaf', 'Saidi', 'Khelifi', 'Brahimi', 'Meziane', 'Ait Ahmed', 'Hamidi', 'Zerrouki', 'Larbi', 'Taleb', 'Rahmani', 'Ouali', 'Kaci', 'Benmoussa', 'Djebbar', 'Slimani', 'Ferhat'];
const VENDOR_NAMES = [
  'Hoggar Expeditions', 'Tassili Trek', 'Djurdjura Aventure', 'Bleu Méditerranée Plongée', 'Chréa Ski & Rando', 'Oasis Ghardaïa Tours', 'Parapente Béjaïa',
  'Tipaza Kayak Club', 'Constantine Heritage Walks', 'Aurès Canyoning', 'Timimoun Camel Treks', 'El Kala Nature', 'Oran Sea Sports', 'Hammam Essalihine Spa',
  'Tlemcen Découverte', 'Sétif Karting', 'Jijel Corniche Aventure', 'Annaba Voile',
];
/** The wilaya each of VENDOR_NAMES is named after (Hoggar in Tamanrasset, El Kala in El Tarf…). */
const VENDOR_WILAYAS = ['11', '33', '15', '16', '09', '47', '06', '42', '25', '05', '49', '36', '31', '40', '13', '19', '18', '23'];
/** A demo service's kind of activity in the three languages (its title adds the wilaya); the English name is its key. */
type Activity = readonly [en: string, fr: string, ar: string];
const CATEGORIES: [string, string, string, string, Activity[]][] = [
  ['desert', 'Desert', 'Désert', 'الصحراء', [
    ['Quad ride', 'Balade en quad', 'جولة بالدراجة الرباعية'], ['Camel trek', 'Randonnée à dos de dromadaire', 'رحلة على ظهر الجمل'],
    ['Sandboarding', 'Glisse sur les dunes', 'التزلج على الرمال'], ['Desert camp night', 'Nuit en bivouac dans le désert', 'ليلة تخييم في الصحراء'],
  ]],
  ['mountain', 'Mountain', 'Montagne', 'الجبال', [
    ['Guided hike', 'Randonnée guidée', 'مشي جبلي مع مرشد'], ['Via ferrata', 'Via ferrata encadrée', 'مسار فيا فيراتا'],
    ['Canyoning', 'Descente de canyon', 'النزول في الأودية'], ['Ski day', 'Journée de ski', 'يوم تزلج'],
  ]],
  ['water', 'Water sports', 'Sports nautiques', 'الرياضات المائية', [
    ['Scuba diving', 'Plongée sous-marine', 'الغوص تحت الماء'], ['Sea kayak', 'Kayak de mer', 'كاياك بحري'],
    ['Jet ski', 'Balade en jet-ski', 'جولة بالدراجة المائية'], ['Sailing lesson', 'Cours de voile', 'درس في الإبحار الشراعي'],
  ]],
  ['air', 'Air sports', 'Sports aériens', 'الرياضات الجوية', [
    ['Tandem paragliding', 'Parapente en biplace', 'الطيران المظلي الثنائي'], ['Hot-air balloon', 'Vol en montgolfière', 'رحلة بالمنطاد'],
    ['Zip line', 'Tyrolienne', 'الانزلاق على الحبل المعلّق'],
  ]],
  ['heritage', 'Culture & heritage', 'Culture et patrimoine', 'الثقافة والتراث', [
    ['Medina walking tour', 'Visite à pied de la médina', 'جولة سيرًا في المدينة العتيقة'], ['Roman ruins visit', 'Visite des ruines romaines', 'زيارة الآثار الرومانية'],
    ['Casbah discovery', 'Découverte de la Casbah', 'اكتشاف القصبة'],
  ]],
  ['wellness', 'Wellness', 'Bien-être', 'العافية', [
    ['Hot spring spa', 'Bains thermaux', 'حمّامات معدنية'], ['Hammam ritual', 'Rituel du hammam', 'طقوس الحمّام'], ['Yoga retreat', 'Retraite de yoga', 'خلوة يوغا'],
  ]],
  ['motor', 'Motor sports', 'Sports mécaniques', 'الرياضات الميكانيكية', [
    ['Karting session', 'Session de karting', 'حصة كارتينغ'], ['4x4 off-road', 'Virée en 4x4 tout-terrain', 'جولة رباعية الدفع خارج الطرق'],
    ['Buggy ride', 'Balade en buggy', 'جولة بالباغي'],
  ]],
  ['family', 'Family', 'Famille', 'العائلة', [
    ['Adventure park', 'Parc aventure', 'حديقة المغامرات'], ['Horse riding', 'Balade à cheval', 'ركوب الخيل'], ['Nature workshop', 'Atelier nature', 'ورشة الطبيعة'],
  ]],
];
/** Subcategories of some demo categories, each with the service titles it holds (the others stay in their category only). */
const SUBCATEGORIES: [string, string, string, string, string, string[]][] = [
  ['desert', 'motorised', 'Motorised', 'Motorisé', 'بالمحرّكات', ['Quad ride']],
  ['desert', 'camel-camp', 'Camel and camp', 'Dromadaire et bivouac', 'الجمال والتخييم', ['Camel trek', 'Desert camp night']],
  ['mountain', 'hiking', 'Hiking', 'Randonnée', 'المشي الجبلي', ['Guided hike', 'Via ferrata']],
  ['mountain', 'canyon-snow', 'Canyons and snow', 'Canyons et neige', 'الأودية والثلوج', ['Canyoning', 'Ski day']],
  ['water', 'diving', 'Diving', 'Plongée', 'الغوص', ['Scuba diving']],
  ['water', 'boating', 'Boats and paddles', 'Bateaux et pagaies', 'القوارب والتجديف', ['Sea kayak', 'Sailing lesson']],
];

/**
 * The first demo vendor's payouts, built as staff would from its shares: one paid with its
 * bank reference (activities up to two months ago, paid 50 days ago, so its reserve is
 * due) and a draft of everything payable since, which releases that reserve.
 */
async function seedPayouts(q: Queryable, rng: ReturnType<typeof prng>, vendorId: string, now: number, reservePercent: number, staff: string | null): Promise<void> {
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  let release: { id: string; reserve_held: number } | undefined;
  for (const [periodEnd, paidAt] of [[day(-60), now - 50 * DAY], [day(-1), null]] as const) {
    const id = rng.uuid();
    const createdAt = iso(Date.parse(`${periodEnd}T12:00:00Z`) + DAY);
    await q.query(`INSERT INTO payouts (id, vendor_id, period_end, status, amount, created_by, created_at, updated_at) VALUES ($1, $2, $3, 'draft', 0, $4, $5, $5)`, [
      id, vendorId, periodEnd, staff, createdAt,
    ]);
    const { rows } = await q.query(
      `WITH claimed AS (
         UPDATE vendor_share_entries SET payout_id = $1 WHERE vendor_id = $2 AND payout_id IS NULL AND payable_from < $3::date + 1 RETURNING kind, amount)
       SELECT ${SUMS} FROM claimed`,
      [id, vendorId, periodEnd],
    );
    const f = figures(sumsOf(rows[0]), reservePercent, release);
    const paid = paidAt === null ? {} : { status: 'paid', approved_at: iso(paidAt - DAY), approved_by: staff, paid_at: iso(paidAt), paid_by: staff, bank_reference: `VIR-${periodEnd.replaceAll('-', '')}-0001` };
    const values = { ...f, ...paid };
    const keys = Object.keys(values);
    await q.query(`UPDATE payouts SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, status_changed_at = coalesce($${keys.length + 2}::timestamptz, created_at) WHERE id = $1`, [
      id, ...Object.values(values), paidAt === null ? null : iso(paidAt),
    ]);
    release = { id, reserve_held: f.reserve_held };
  }
}

/**
 * The seed writes without triggers: each ticket gets the first-response time its priority
 * promises, and those past their first steps count as answered; the new and open ones,
 * days old, are late: the support screen's Overdue view has them.
 */
async function ticketDueTimes(q: Queryable): Promise<void> {
  await q.query('UPDATE tickets SET first_response_due_at = ticket_first_response_due(priority, created_at) WHERE first_response_due_at IS NULL');
  await q.query("UPDATE tickets SET first_responded_at = created_at + interval '30 minutes' WHERE status IN ('pending', 'solved', 'closed') AND first_responded_at IS NULL");
}

/** Seeds the demo data once, when the database holds no service yet. */
export async function seedDemoDataOnce(db: Database, options: DemoOptions = {}): Promise<DemoStats | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await tx.query('SELECT 1 FROM services LIMIT 1');
    if (rows.length > 0) return null;
    return seedDemoData(tx, options);
  });
}

/**
 * Points for the completed bookings nothing was refunded on, as server/customers/loyalty.ts
 * earns them under the default rules, with the balance after each and the customers'
 * balances; earnings past their expiry are left for the expiry job.
 */
/**
 * Each vendor's documents, so its page's checklist is not empty: active vendors have all
 * four, valid for months and verified; the vendor suspended for expired documents has an
 * insurance that ran out ten days ago (the home action queue shows it).
 */
async function seedVendorDocuments(q: Queryable, today: number): Promise<void> {
  const day = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);
  await q.query(
    `INSERT INTO vendor_documents (vendor_id, kind, number, issued_on, expires_on, verified, verified_at)
     SELECT v.id, k.kind, upper(left(k.kind, 3)) || '-' || lpad((row_number() OVER ())::text, 5, '0'), $1::date,
            CASE WHEN k.kind IN ('commercial_register', 'tax_card') THEN NULL ELSE $2::date + ((row_number() OVER ()) % 200)::int END, true, now()
     FROM vendors v CROSS JOIN (VALUES ('commercial_register'), ('tax_card'), ('liability_insurance'), ('activity_licence')) AS k(kind)
     WHERE v.status = 'active'
     ON CONFLICT (vendor_id, kind) DO NOTHING`,
    [day(-300), day(120)],
  );
  await q.query(
    `INSERT INTO vendor_documents (vendor_id, kind, number, issued_on, expires_on)
     SELECT id, 'liability_insurance', 'LIA-EXPIRED', $1::date, $2::date FROM vendors WHERE status = 'suspended'
     ON CONFLICT (vendor_id, kind) DO NOTHING`,
    [day(-375), day(-10)],
  );
}

async function seedLoyalty(q: Queryable): Promise<void> {
  const { points_per_booking, points_per_100_dzd, expiry_days } = DEFAULT_SETTINGS.loyalty;
  await q.query(
    `INSERT INTO loyalty_entries (customer_id, created_at, updated_at, points, reason, booking_id, expires_at, source, balance_after)
     SELECT customer_id, at, at, points, 'Booking ' || ref || ' completed', id,
            CASE WHEN $3::int IS NULL THEN NULL ELSE (at + make_interval(days => $3::int))::date END, 'booking',
            sum(points) OVER (PARTITION BY customer_id ORDER BY at, id)
     FROM (SELECT customer_id, id, ref, coalesce(ends_at, starts_at) AS at, ($1::int + (total / 10000)::int * $2::int) AS points
           FROM bookings WHERE status = 'completed' AND refunded = 0) x
     WHERE points > 0`,
    [points_per_booking, points_per_100_dzd, expiry_days],
  );
  await q.query(
    `UPDATE customers c SET loyalty_points = x.points FROM (SELECT customer_id, sum(points)::int AS points FROM loyalty_entries GROUP BY customer_id) x
     WHERE x.customer_id = c.id`,
  );
}

export async function seedDemoData(q: Queryable, options: DemoOptions = {}): Promise<DemoStats> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  // The rows are generated consistent with each other, so the bulk load skips the
  // per-row foreign key triggers when the role may (superuser, as on the embedded
  // database); CHECK constraints and indexes still apply. Otherwise nothing changes.
  await q.query('SAVEPOINT demo_bulk');
  try {
    await q.query('SET LOCAL session_replication_role = replica');
    await q.query('RELEASE SAVEPOINT demo_bulk');
  } catch {
    await q.query('ROLLBACK TO SAVEPOINT demo_bulk');
  }
  const scale = Math.max(1, options.scale ?? 1);
  const rng = prng(options.seed ?? 20_240_611);
  const todayDate = options.today ?? new Date();
  const today = Date.UTC(todayDate.getUTCFullYear(), todayDate.getUTCMonth(), todayDate.getUTCDate());
  const now = Math.max(Date.now(), today);
  const fees = DEFAULT_SETTINGS.fees;

  // Staff user for created_by / authored fields, when the demo accounts exist.
  const staff = (await q.query<{ id: string }>('SELECT id FROM users WHERE admin ORDER BY created_at LIMIT 1')).rows[0]?.id ?? null;

  // Vendors -----------------------------------------------------------------------------
  const vendorCount = 20 * Math.ceil(Math.sqrt(scale));
  await q.query(`INSERT INTO vendors (id, trade_name, legal_name) VALUES ($1, $2, $3), ($4, $5, $6) ON CONFLICT (id) DO NOTHING`, [
    DEMO_VENDORS.sahara.id, DEMO_VENDORS.sahara.trade_name, DEMO_VENDORS.sahara.legal_name,
    DEMO_VENDORS.kabylie.id, DEMO_VENDORS.kabylie.trade_name, DEMO_VENDORS.kabylie.legal_name,
  ]);
  await q.query(
    `UPDATE vendors SET status = 'active', wilaya_code = CASE WHEN id = $1 THEN '47' ELSE '15' END, commission_percent = 12,
       contact_email = CASE WHEN id = $1 THEN 'contact@sahara-quad.test' ELSE 'contact@kabylie-outdoor.test' END,
       contact_phone = CASE WHEN id = $1 THEN '+213 661 23 45 67' ELSE '+213 770 98 76 54' END,
       rc_number = CASE WHEN id = $1 THEN '47/00-0123456B22' ELSE '15/00-0654321B21' END, payout_method = 'rib', payout_account = '00799999000123456787'
     WHERE id IN ($1, $2)`,
    [DEMO_VENDORS.sahara.id, DEMO_VENDORS.kabylie.id],
  );
  const vendors: { id: string; wilaya: string; commission: number }[] = [
    { id: DEMO_VENDORS.sahara.id, wilaya: '47', commission: 12 },
    { id: DEMO_VENDORS.kabylie.id, wilaya: '15', commission: 12 },
  ];
  const vendorRows: Row[] = [];
  for (let i = 0; i < vendorCount - 2; i++) {
    const name = VENDOR_NAMES[i % VENDOR_NAMES.length] + (i >= VENDOR_NAMES.length ? ` ${Math.floor(i / VENDOR_NAMES.length) + 1}` : '');
    const wilaya = VENDOR_WILAYAS[i % VENDOR_NAMES.length];
    const status = i === 0 ? 'applied' : i === 1 ? 'under_review' : i === 2 ? 'suspended' : 'active';
    const commission = rng.pick([10, 12, 12, 15]);
    const id = rng.uuid();
    vendorRows.push({
      id, trade_name: name, legal_name: `SARL ${name}`, status, wilaya_code: wilaya, commission_percent: commission,
      contact_name: `${rng.pick(FIRST)} ${rng.pick(LAST)}`, contact_email: `contact@vendor${i + 3}.test`, contact_phone: `+213 6${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
      rc_number: `${wilaya}/00-${rng.int(1_000_000, 9_999_999)}B${rng.int(10, 24)}`, nif_number: String(rng.int(100_000_000, 999_999_999)) + '000000',
      ...demoPayoutAccount(rng.pick(['rib', 'ccp']), String(rng.int(10_000_000, 99_999_999)), String(rng.int(100_000_000, 999_999_999))),
      status_reason: status === 'suspended' ? 'Documents expired' : null, created_at: iso(today - rng.int(200, 700) * DAY),
    });
    if (status === 'active') vendors.push({ id, wilaya, commission });
  }
  await bulk(q, 'vendors', {
    id: 'uuid', trade_name: 'text', legal_name: 'text', status: 'text', wilaya_code: 'text', commission_percent: 'float8', contact_name: 'text', contact_email: 'text',
    contact_phone: 'text', rc_number: 'text', nif_number: 'text', payout_method: 'text', payout_account: 'text', status_reason: 'text', created_at: 'timestamptz',
  }, vendorRows);

  // Branches, categories, tags -----------------------------------------------------------
  const branchByVendor = new Map<string, string>();
  const branches: Row[] = vendors.map((v) => {
    const id = rng.uuid();
    branchByVendor.set(v.id, id);
    const w = WILAYAS.find((x) => x.code === v.wilaya)!;
    return { id, vendor_id: v.id, name: `${w.name.fr} — agence`, wilaya_code: v.wilaya, address: `Centre-ville, ${w.name.fr}`, phone: `+213 ${rng.int(21, 49)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`, manager_name: `${rng.pick(FIRST)} ${rng.pick(LAST)}` };
  });
  await bulk(q, 'branches', { id: 'uuid', vendor_id: 'uuid', name: 'text', wilaya_code: 'text', address: 'text', phone: 'text', manager_name: 'text' }, branches);

  const categoryRows: Row[] = [];
  const categories = CATEGORIES.map(([key, en, fr, ar, titles], i) => {
    const id = rng.uuid();
    categoryRows.push({ id, name_i18n: i18n(en, fr, ar), icon: key, sort_order: i });
    return { id, key, titles };
  });
  await bulk(q, 'categories', { id: 'uuid', name_i18n: 'jsonb', icon: 'text', sort_order: 'int' }, categoryRows);
  // Named in the three languages, as a vendor's form shows them.
  const term = ([en, fr, ar]: readonly [string, string, string]) => ({ id: rng.uuid(), name_i18n: i18n(en, fr, ar), icon: en.toLowerCase().replace(/\W+/g, '-') });
  const amenities = ([
    ['Parking', 'Parking', 'موقف سيارات'], ['Showers', 'Douches', 'حمّامات'], ['Lockers', 'Casiers', 'خزائن'], ['Wi-Fi', 'Wi-Fi', 'واي فاي'],
    ['Meals included', 'Repas inclus', 'الوجبات مشمولة'], ['Hotel pick-up', 'Prise en charge à l’hôtel', 'النقل من الفندق'],
    ['Equipment included', 'Équipement inclus', 'المعدات مشمولة'], ['First aid', 'Premiers secours', 'إسعافات أولية'],
  ] as const).map(term);
  const interests = ([
    ['Adrenaline', 'Adrénaline', 'أدرينالين'], ['Nature', 'Nature', 'الطبيعة'], ['History', 'Histoire', 'التاريخ'], ['Photography', 'Photographie', 'التصوير'],
    ['Family fun', 'En famille', 'مرح عائلي'], ['Relaxation', 'Détente', 'الاسترخاء'], ['Stargazing', 'Observation des étoiles', 'مراقبة النجوم'],
    ['Wildlife', 'Faune', 'الحياة البرية'],
  ] as const).map(term);
  await bulk(q, 'amenities', { id: 'uuid', name_i18n: 'jsonb', icon: 'text' }, amenities);
  await bulk(q, 'interests', { id: 'uuid', name_i18n: 'jsonb', icon: 'text' }, interests);

  // Locations and services across the 58 wilayas -----------------------------------------
  const serviceCount = 150 * Math.ceil(Math.sqrt(scale));
  const locations: Row[] = [];
  const services: (Row & { rules: Row[]; extras: Row[]; vendor: (typeof vendors)[number] })[] = [];
  const priceRules: Row[] = [];
  for (let i = 0; i < serviceCount; i++) {
    const vendor = i < 14 ? vendors[0] : i < 24 ? vendors[1] : vendors[2 + (i % (vendors.length - 2))];
    const code = i < 14 ? rng.pick(['47', '30', '01', '11', '56', '49']) : i < 24 ? rng.pick(['15', '10', '06']) : WILAYAS[i % 58].code;
    const wilaya = WILAYAS.find((w) => w.code === code)!;
    const category = i < 14 ? categories[0] : i < 24 ? categories[1] : categories[i % categories.length];
    const [title, titleFr, titleAr] = rng.pick(category.titles);
    const locationId = rng.uuid();
    locations.push({
      id: locationId, vendor_id: vendor.id, name_i18n: i18n(`${wilaya.name.en} meeting point`, `Point de rencontre ${wilaya.name.fr}`, `نقطة اللقاء ${wilaya.name.ar}`),
      wilaya_code: wilaya.code, commune: wilaya.name.fr, address: `Route principale, ${wilaya.name.fr}`,
      latitude: Math.round((wilaya.lat + (rng.next() - 0.5) * 0.2) * 1e5) / 1e5, longitude: Math.round((wilaya.lng + (rng.next() - 0.5) * 0.2) * 1e5) / 1e5,
      // A vendor's one branch sits in its own wilaya: a location elsewhere has none.
      meeting_point: vendor.wilaya === wilaya.code ? 'Devant l’agence' : 'Parking du site', branch_id: vendor.wilaya === wilaya.code ? branchByVendor.get(vendor.id) : null,
    });
    // A service is run from the branch of its meeting point's wilaya, or from none (no Djelfa activity at the Annaba branch).
    const branchId = locations[locations.length - 1].branch_id;
    const adult = rng.int(15, 250) * 10_000; // 1,500 to 25,000 DZD
    const extras = rng.chance(0.4) ? [{ key: 'lunch', name_i18n: i18n('Lunch', 'Déjeuner', 'غداء'), price: rng.int(8, 20) * 10_000, per: 'person' }] : [];
    const id = rng.uuid();
    const rules: Row[] = [
      { id: rng.uuid(), service_id: id, vendor_id: vendor.id, customer_type: 'adult', amount: adult, per: 'person', weekdays: [], min_group_size: null, priority: 0, valid_from: null, valid_to: null, active: true },
      { id: rng.uuid(), service_id: id, vendor_id: vendor.id, customer_type: 'child', amount: Math.round(adult * 0.6 / 100) * 100, per: 'person', weekdays: [], min_group_size: null, priority: 0, valid_from: null, valid_to: null, active: true },
    ];
    if (rng.chance(0.3)) rules.push({ id: rng.uuid(), service_id: id, vendor_id: vendor.id, customer_type: 'adult', amount: Math.round(adult * 0.85 / 100) * 100, per: 'person', weekdays: [], min_group_size: 4, priority: 0, valid_from: null, valid_to: null, active: true, name: 'Group of 4+' });
    if (rng.chance(0.3)) rules.push({ id: rng.uuid(), service_id: id, vendor_id: vendor.id, customer_type: 'adult', amount: Math.round(adult * 1.15 / 100) * 100, per: 'person', weekdays: [5, 6], min_group_size: null, priority: 1, valid_from: null, valid_to: null, active: true, name: 'Weekend' });
    priceRules.push(...rules);
    const status = rng.chance(0.9) ? 'published' : rng.pick(['draft', 'archived']);
    services.push({
      id, vendor_id: vendor.id, vendor, rules, extras,
      title_i18n: i18n(`${title} — ${wilaya.name.en}`, `${titleFr} — ${wilaya.name.fr}`, `${titleAr} — ${wilaya.name.ar}`),
      description_i18n: i18n(`${title} with a local guide in ${wilaya.name.en}.`, `${titleFr} avec un guide local à ${wilaya.name.fr}.`, `${titleAr} مع مرشد محلي في ${wilaya.name.ar}.`),
      category_id: category.id, location_id: locationId, branch_id: branchId, duration_minutes: rng.pick([60, 90, 120, 180, 240, 480]),
      booking_type: 'date_time', capacity: rng.pick([8, 10, 12, 16, 20, 30, 40]), min_participants: 1, max_participants: 12, booking_cutoff_minutes: rng.pick([60, 120, 1440]),
      confirmation: rng.chance(0.7) ? 'instant' : 'manual', cancellation_policy: rng.pick(['flexible', 'moderate', 'strict']), customer_types: ['adult', 'child'],
      interest_ids: [rng.pick(interests).id], amenity_ids: [rng.pick(amenities).id, rng.pick(amenities).id].filter((v, k, a) => a.indexOf(v) === k),
      adrenaline: category.key === 'desert' || category.key === 'air' || category.key === 'motor' ? { risk_level: rng.int(2, 5), min_age: rng.pick([12, 14, 16, 18]), waiver_required: true, health_questions: [i18n('Any heart condition?', 'Un problème cardiaque ?', 'هل تعاني من مرض في القلب؟'), i18n('Are you pregnant?', 'Êtes-vous enceinte ?', 'هل أنت حامل؟')] } : null,
      status, status_changed_at: iso(today - rng.int(30, 400) * DAY), created_at: iso(today - rng.int(400, 600) * DAY),
    });
  }
  // Subcategories, and the services whose title they hold placed in them.
  const subcategoryRows = SUBCATEGORIES.map(([parent, key, en, fr, ar, titles], i) => ({
    id: rng.uuid(), parent_id: categories.find((c) => c.key === parent)!.id, name_i18n: i18n(en, fr, ar), icon: key, sort_order: i, titles,
  }));
  await bulk(q, 'categories', { id: 'uuid', parent_id: 'uuid', name_i18n: 'jsonb', icon: 'text', sort_order: 'int' }, subcategoryRows);
  for (const service of services) {
    const title = (service.title_i18n as { en: string }).en.split(' — ')[0];
    service.subcategory_id = subcategoryRows.find((sub) => sub.parent_id === service.category_id && sub.titles.includes(title))?.id ?? null;
  }
  await bulk(q, 'locations', {
    id: 'uuid', vendor_id: 'uuid', name_i18n: 'jsonb', wilaya_code: 'text', commune: 'text', address: 'text', latitude: 'float8', longitude: 'float8', meeting_point: 'text', branch_id: 'uuid',
  }, locations);
  await bulk(q, 'services', {
    id: 'uuid', vendor_id: 'uuid', title_i18n: 'jsonb', description_i18n: 'jsonb', category_id: 'uuid', subcategory_id: 'uuid', location_id: 'uuid', branch_id: 'uuid', duration_minutes: 'int', booking_type: 'text',
    capacity: 'int', min_participants: 'int', max_participants: 'int', booking_cutoff_minutes: 'int', confirmation: 'text', cancellation_policy: 'text', customer_types: 'jsonb',
    extras: 'jsonb', interest_ids: 'jsonb', amenity_ids: 'jsonb', adrenaline: 'jsonb', status: 'text', status_changed_at: 'timestamptz', created_at: 'timestamptz',
  }, services);
  await bulk(q, 'price_rules', {
    id: 'uuid', service_id: 'uuid', vendor_id: 'uuid', name: 'text', customer_type: 'text', amount: 'bigint', per: 'text', weekdays: 'jsonb', min_group_size: 'int', priority: 'int', active: 'bool',
  }, priceRules);
  log(`catalogue: ${vendorCount} vendors, ${services.length} services`);

  // Customers ------------------------------------------------------------------------------
  const customerCount = 2000 * scale;
  const customers: Row[] = [];
  for (let i = 0; i < customerCount; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    customers.push({
      id: rng.uuid(), name: `${first} ${last}`,
      // In E.164, as every write stores a customer's phone.
      phone: `+213${rng.pick(['5', '6', '7'])}${rng.int(10, 99)}${rng.int(10, 99)}${rng.int(10, 99)}${rng.int(10, 99)}`,
      email: rng.chance(0.6) ? `${first}.${last}${i}@example.test`.toLowerCase().replace(/\s+/g, '') : null, locale: rng.pick(['fr', 'fr', 'ar', 'en']),
      wilaya_code: rng.pick(WILAYAS).code, marketing_opt_in: rng.chance(0.4), created_at: iso(today - rng.int(30, 800) * DAY),
    });
  }
  await bulk(q, 'customers', { id: 'uuid', name: 'text', phone: 'text', email: 'text', locale: 'text', wilaya_code: 'text', marketing_opt_in: 'bool', created_at: 'timestamptz' }, customers);

  // Bookings, payments, splits, refunds ---------------------------------------------------------
  const bookable = services.filter((s) => s.status !== 'draft');
  const bookingCount = 20_000 * scale;
  const bookingColumns = {
    id: 'uuid', vendor_id: 'uuid', ref: 'text', customer_id: 'uuid', customer_name: 'text', customer_phone: 'text', service_id: 'uuid', service_title_i18n: 'jsonb', branch_id: 'uuid', location_id: 'uuid',
    starts_at: 'timestamptz', ends_at: 'timestamptz', participants: 'jsonb', participants_count: 'int', extras: 'jsonb', subtotal: 'bigint', discount_amount: 'bigint', fee_amount: 'bigint',
    total: 'bigint', paid: 'bigint', refunded: 'bigint', balance: 'bigint', payment_status: 'text', currency: 'text', status: 'text', status_changed_at: 'timestamptz', status_reason: 'text',
    status_reason_code: 'text', channel: 'text', created_by: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz', hold_expires_at: 'timestamptz',
  };
  const paymentColumns = {
    id: 'uuid', vendor_id: 'uuid', booking_id: 'uuid', customer_id: 'uuid', amount: 'bigint', method: 'text', payer_name: 'text', status: 'text', status_changed_at: 'timestamptz',
    gateway_reference: 'text', fee: 'bigint', platform_commission: 'bigint', vendor_share: 'bigint', refunded_amount: 'bigint', paid_at: 'timestamptz', created_at: 'timestamptz',
    payout_status: 'text', payout_at: 'timestamptz', reconciled: 'bool', booking_ref: 'text',
  };
  const splitColumns = {
    id: 'uuid', vendor_id: 'uuid', payment_id: 'uuid', booking_id: 'uuid', amount: 'bigint', commission_percent: 'float8', platform_amount: 'bigint', vendor_net: 'bigint', payout_date: 'date', created_at: 'timestamptz',
  };
  const refundColumns = {
    id: 'uuid', vendor_id: 'uuid', booking_id: 'uuid', payment_id: 'uuid', amount: 'bigint', kind: 'text', destination: 'text', reason: 'text', reason_code: 'text', status: 'text', status_changed_at: 'timestamptz',
    status_reason: 'text', processed_at: 'timestamptz', requested_by: 'uuid', created_at: 'timestamptz',
  };
  const reviewColumns = {
    id: 'uuid', vendor_id: 'uuid', booking_id: 'uuid', service_id: 'uuid', customer_id: 'uuid', rating: 'int', title: 'text', body: 'text', language: 'text', status: 'text',
    vendor_reply: 'text', created_at: 'timestamptz',
  };
  // Rows are flushed every 10,000 bookings so that large scales stay within memory;
  // only small samples are kept for what comes after (messages, tickets, links, wallet).
  let bookings: Row[] = [];
  let payments: Row[] = [];
  let splits: Row[] = [];
  let refunds: Row[] = [];
  let reviews: Row[] = [];
  const counts = { bookings: 0, payments: 0, refunds: 0, reviews: 0 };
  const sample: Row[] = [];
  const recent: Row[] = [];
  const invitable: Row[] = [];
  const walletRefunds: Row[] = [];
  const flush = async () => {
    await bulk(q, 'bookings', bookingColumns, bookings);
    await bulk(q, 'payments', paymentColumns, payments);
    await bulk(q, 'payment_splits', splitColumns, splits);
    await bulk(q, 'refunds', refundColumns, refunds);
    await bulk(q, 'reviews', reviewColumns, reviews);
    counts.bookings += bookings.length;
    counts.payments += payments.length;
    counts.refunds += refunds.length;
    counts.reviews += reviews.length;
    bookings = [];
    payments = [];
    splits = [];
    refunds = [];
    reviews = [];
  };
  const hour = (h: number) => (h - 1) * 3_600_000; // local (UTC+1) hour as a UTC offset
  const checkInWindow = DEFAULT_SETTINGS.business.check_in_window_minutes * 60_000;
  const holdMinutes = DEFAULT_SETTINGS.business.hold_minutes;
  const HOUR = 3_600_000;
  const generate = async () => {
    for (let i = 0; i < bookingCount; i++) {
      const service = bookable[Math.floor(Math.pow(rng.next(), 1.3) * bookable.length)];
      const customer = customers[Math.floor(rng.next() * customers.length)];
      const dayOffset = rng.int(-365, 90);
      const startsAt = today + dayOffset * DAY + hour(rng.pick([8, 9, 10, 14, 16]));
      const participants: Record<string, number> = { adult: rng.int(1, 4) };
      if (rng.chance(0.35)) participants.child = rng.int(1, 2);
      const extras = service.extras.length > 0 && rng.chance(0.5) ? [{ key: 'lunch', quantity: participants.adult }] : [];
      const result = quoteBooking({
        service: { id: String(service.id), currency: 'DZD', extras: service.extras as never, customer_types: ['adult', 'child'], min_participants: 1, max_participants: 12 },
        rules: service.rules as never, startsAt: iso(startsAt), now: iso(now), participants, extras,
      });
      if (!result.ok) continue;
      const quote = result.quote;
      // Booked 1-45 days ahead. A booking whose lead time would put its creation in the future
      // was booked recently instead: the overshoot folds back over the last 45 days (no extra
      // draw, so the rest of the demo stays the same), which keeps the bookings made per day
      // steady up to today rather than piling them all on one instant.
      const ahead = startsAt - rng.int(1, 45) * DAY - rng.int(0, 86_000) * 1000;
      const createdAt = ahead < now - 60_000 ? ahead : now - 60_000 - ((ahead - now) % (45 * DAY));
      const past = startsAt < now;
      const isToday = dayOffset === 0;
      let status: string;
      const roll = rng.next();
      // Today's customers are checked in once the check-in window has opened, and missing only once the activity has started.
      if (isToday) status = roll < 0.5 && now >= startsAt - checkInWindow ? 'checked_in' : roll >= 0.9 && now >= startsAt ? 'no_show' : 'confirmed';
      else if (past) status = roll < 0.84 ? 'completed' : roll < 0.92 ? 'cancelled' : roll < 0.96 ? 'no_show' : roll < 0.98 ? 'declined' : 'expired';
      else status = service.confirmation === 'manual' && roll < 0.35 ? 'requested' : roll < 0.94 ? 'confirmed' : 'cancelled';
      const endsAt = startsAt + Number(service.duration_minutes) * 60_000;
      // A request waits for the vendor for the hold time from when it was made (it would have expired otherwise).
      const holdExpiresAt = status === 'requested' ? now + rng.int(2, 20) * HOUR : null;
      const madeAt = holdExpiresAt === null ? createdAt : holdExpiresAt - holdMinutes * 60_000;
      // When the booking reached its status, as the rules allow it: checked in within the window
      // before the start, missing after it, completed at its end, cancelled, declined or expired
      // between its making (and its payment, within three hours) and its start.
      const statusAt = (() => {
        const latest = now - 1000;
        if (status === 'requested' || status === 'confirmed') return madeAt;
        if (status === 'checked_in') return Math.min(now, Math.max(startsAt - checkInWindow, Math.min(latest, startsAt - HOUR / 3)));
        if (status === 'no_show') return Math.min(now, Math.max(startsAt, Math.min(latest, startsAt + HOUR)));
        if (status === 'completed') return Math.min(latest, endsAt);
        if (status === 'expired') return Math.min(latest, createdAt + holdMinutes * 60_000);
        return Math.min(latest, Math.max(createdAt + 4 * HOUR, (createdAt + Math.min(startsAt, now)) / 2));
      })();
      const id = rng.uuid();
      const ref = demoRef(i);
      // Money: who paid what, and what came back.
      const paidShares: { amount: number; at: number; method: string }[] = [];
      const method = rng.pick(['cash', 'cash', 'cib', 'edahabia', 'cib']);
      const payRoll = rng.next();
      if (['completed', 'checked_in', 'no_show'].includes(status) || (status === 'cancelled' && payRoll < 0.6) || (status === 'confirmed' && payRoll < 0.55)) {
        paidShares.push({ amount: quote.total, at: Math.min(now - 1000, createdAt + rng.int(0, 3) * 3_600_000), method });
      } else if (status === 'confirmed' && payRoll < 0.75) {
        const deposit = Math.round((quote.total * 0.3) / 100) * 100;
        if (deposit > 0) paidShares.push({ amount: deposit, at: Math.min(now - 1000, createdAt + 3_600_000), method });
      }
      let paid = 0;
      const bookingPayments: Row[] = [];
      for (const share of paidShares) {
        paid += share.amount;
        const split = splitAmount(share.amount, service.vendor.commission, fees.payment_fee_percent[share.method as 'cash']);
        const pid = rng.uuid();
        const p: Row = {
          // Triggers are off while seeding: the booking's ref is copied here, as the payments trigger would.
          id: pid, vendor_id: service.vendor_id, booking_id: id, booking_ref: ref, customer_id: customer.id, amount: share.amount, method: share.method, payer_name: customer.name,
          status: 'paid', status_changed_at: iso(share.at), gateway_reference: share.method === 'cash' ? null : `demo_${pid.slice(0, 18)}`, fee: split.fee,
          platform_commission: split.platform_commission, vendor_share: split.vendor_share, refunded_amount: 0, paid_at: iso(share.at), created_at: iso(share.at),
          payout_status: share.at < now - 7 * DAY ? 'paid_out' : 'pending', payout_at: share.at < now - 7 * DAY ? iso(share.at + 7 * DAY) : null, reconciled: share.at < now - 7 * DAY,
        };
        bookingPayments.push(p);
        splits.push({
          id: rng.uuid(), vendor_id: service.vendor_id, payment_id: pid, booking_id: id, amount: share.amount, commission_percent: service.vendor.commission,
          platform_amount: split.platform_commission + split.fee, vendor_net: split.vendor_share, payout_date: new Date(share.at + 7 * DAY).toISOString().slice(0, 10), created_at: iso(share.at),
        });
      }
      let refunded = 0;
      if (paid > 0 && (status === 'cancelled' || (status === 'completed' && rng.chance(0.02)))) {
        const amount = status === 'cancelled' ? paid : Math.round((paid * 0.2) / 100) * 100;
        const payment = bookingPayments[0];
        // Asked for when the booking was cancelled (a goodwill gesture the day after the activity), settled days later.
        const askedAt = Math.min(now - 1000, status === 'cancelled' ? statusAt : endsAt + DAY);
        const at = Math.min(now - 1000, askedAt + rng.int(1, 5) * DAY);
        // Refunds asked for in the last week are still on their way; only a succeeded one has moved money.
        const recent = at > now - 7 * DAY;
        const refundStatus = recent ? rng.pick(['requested', 'requested', 'approved', 'processing', 'failed', 'succeeded']) : 'succeeded';
        const refundId = rng.uuid();
        if (refundStatus === 'succeeded') {
          refunded = amount;
          payment.refunded_amount = amount;
          payment.status = amount >= Number(payment.amount) ? 'refunded' : 'partially_refunded';
        }
        refunds.push({
          id: refundId, vendor_id: service.vendor_id, booking_id: id, payment_id: payment.id, amount, kind: amount >= paid ? 'full' : 'partial',
          // Coded reasons (reason_codes), shown in each user's language.
          destination: rng.chance(0.8) ? 'original_method' : 'wallet', reason: null,
          reason_code: status === 'cancelled' ? rng.pick(['activity_cancelled', 'customer_cancelled', 'customer_cancelled', 'activity_cancelled']) : 'goodwill',
          status: refundStatus, status_changed_at: iso(refundStatus === 'requested' ? askedAt : at), processed_at: refundStatus === 'succeeded' ? iso(at) : null,
          status_reason: refundStatus === 'failed' ? 'Card issuer declined the reversal' : null, requested_by: staff, created_at: iso(askedAt),
        });
        const refund = refunds[refunds.length - 1];
        if (refund.destination === 'wallet' && refundStatus === 'succeeded') walletRefunds.push({ ...refund, customer_id: customer.id, ref });
      }
      payments.push(...bookingPayments);
      const money = bookingMoney({ total: quote.total, paid, refunded, status });
      const booking: Row = {
        id, vendor_id: service.vendor_id, ref, customer_id: customer.id, customer_name: customer.name, customer_phone: customer.phone, service_id: service.id,
        service_title_i18n: service.title_i18n, branch_id: service.branch_id, location_id: service.location_id, starts_at: iso(startsAt), ends_at: iso(endsAt),
        participants, participants_count: quote.participants_count, extras: quote.extras, subtotal: quote.subtotal, discount_amount: 0, fee_amount: 0, total: quote.total,
        paid, refunded, balance: money.balance, payment_status: money.payment_status, currency: 'DZD', status,
        status_changed_at: iso(statusAt),
        status_reason: null,
        status_reason_code: status === 'cancelled' ? rng.pick(['weather', 'customer_request', 'illness', 'vendor_cancelled']) : status === 'declined' ? 'fully_booked' : null,
        channel: rng.pick(['web', 'web', 'app', 'app', 'back_office', 'partner']), created_by: null, created_at: iso(madeAt), updated_at: iso(madeAt),
        hold_expires_at: holdExpiresAt === null ? null : iso(holdExpiresAt),
      };
      // Booked by staff in the back office; on the web, the app or a partner's site, by the customer.
      if (booking.channel === 'back_office') booking.created_by = staff;
      bookings.push(booking);
      if (i < 2000) sample.push(booking);
      if (recent.length < 5000 && Math.abs(startsAt - now) < 30 * DAY) recent.push(booking);
      if (invitable.length < 100 * scale && status === 'confirmed' && Number(booking.balance) > 0) invitable.push(booking);
      // Reviews on a third of the completed bookings.
      const reviewAt = startsAt + rng.int(1, 5) * DAY;
      if (status === 'completed' && rng.chance(0.3) && reviewAt < now) {
        const rating = rng.pick([5, 5, 5, 4, 4, 4, 3, 2, 1]);
        // The words are in the review's language (as many draws as before, so the rest of the demo stays the same).
        const language = rng.pick(['fr', 'fr', 'ar', 'en'] as const);
        const words = REVIEW_WORDS[language][rating >= 4 ? 'good' : 'poor'];
        reviews.push({
          id: rng.uuid(), vendor_id: booking.vendor_id, booking_id: id, service_id: service.id, customer_id: customer.id, rating,
          title: rng.pick(words.titles), body: words.body, language,
          status: rng.chance(0.8) ? 'approved' : rng.pick(['pending', 'rejected']), vendor_reply: rng.chance(0.3) ? REVIEW_WORDS[language].reply : null, created_at: iso(reviewAt),
        });
      }
      if (bookings.length >= 10_000) await flush();
    }
    await flush();
    // The totals row's rollup follows payments by a trigger, which this bulk load skips.
    await q.query('SELECT payment_totals_rebuild()');
  };
  await withoutIndexes(q, 'bookings', () => withoutIndexes(q, 'payments', () => withoutIndexes(q, 'payment_splits', generate)));
  log(`bookings: ${counts.bookings}, payments: ${counts.payments}, refunds: ${counts.refunds}`);
  // What each vendor is owed for these payments and refunds (the ledger payouts are built from).
  await q.query('SELECT vendor_share_entries_backfill()');
  await seedPayouts(q, rng, vendors[0].id, now, fees.payout_reserve_percent, staff);

  // Wallet credits for refunds to the wallet, with the balance after each.
  const wallet: Row[] = walletRefunds.map((r) => ({
    id: rng.uuid(), customer_id: r.customer_id, kind: 'credit', source: 'refund', amount: r.amount, reason: `Refund for booking ${r.ref}`, booking_id: r.booking_id, refund_id: r.id, created_at: r.processed_at,
  }));
  const balances = new Map<string, number>();
  for (const w of wallet.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))) {
    const next = (balances.get(String(w.customer_id)) ?? 0) + Number(w.amount);
    balances.set(String(w.customer_id), next);
    w.balance_after = next;
  }
  await bulk(q, 'wallet_transactions', {
    id: 'uuid', customer_id: 'uuid', kind: 'text', source: 'text', amount: 'bigint', reason: 'text', booking_id: 'uuid', refund_id: 'uuid', balance_after: 'bigint', created_at: 'timestamptz',
  }, wallet);

  // Conversations and messages on recent bookings.
  const conversations: Row[] = [];
  const messages: Row[] = [];
  for (let i = 0; i < Math.min(300 * scale, recent.length); i++) {
    const b = recent[Math.floor(rng.next() * recent.length)];
    const id = rng.uuid();
    let at = Date.parse(String(b.created_at)) + rng.int(1, 48) * 3_600_000;
    const count = rng.int(2, 6);
    let unread = 0;
    for (let k = 0; k < count; k++) {
      const fromCustomer = k % 2 === 0;
      at = Math.min(now - 1000, at + rng.int(5, 600) * 60_000);
      const read = !fromCustomer || k < count - 1 || rng.chance(0.5);
      if (!read) unread++;
      messages.push({
        id: rng.uuid(), conversation_id: id, vendor_id: b.vendor_id, author_type: fromCustomer ? 'customer' : 'vendor', author_name: fromCustomer ? b.customer_name : 'Équipe',
        body: fromCustomer ? rng.pick(['Bonjour, à quelle heure est le départ ?', 'Est-ce adapté aux enfants ?', 'Can I add one more person?', 'هل يمكن تغيير الموعد؟']) : rng.pick(['Départ à 8h devant l’agence.', 'Oui, à partir de 8 ans.', 'Of course, we will update your booking.', 'نعم، بكل سرور.']),
        read_at: read ? iso(at + 60_000) : null, created_at: iso(at),
      });
    }
    const last = messages[messages.length - 1];
    conversations.push({
      id, vendor_id: b.vendor_id, kind: 'customer', customer_id: b.customer_id, booking_id: b.id, subject: `Booking ${b.ref}`, unread_count: unread,
      last_message_at: last.created_at, last_message_preview: String(last.body).slice(0, 200), created_at: iso(Date.parse(String(b.created_at)) + 3_600_000),
    });
  }
  await bulk(q, 'conversations', {
    id: 'uuid', vendor_id: 'uuid', kind: 'text', customer_id: 'uuid', booking_id: 'uuid', subject: 'text', unread_count: 'int', last_message_at: 'timestamptz', last_message_preview: 'text', created_at: 'timestamptz',
  }, conversations);
  await bulk(q, 'messages', {
    id: 'uuid', conversation_id: 'uuid', vendor_id: 'uuid', author_type: 'text', author_name: 'text', body: 'text', read_at: 'timestamptz', created_at: 'timestamptz',
  }, messages);

  // Notifications, topics, tickets, chatbot requests, help, banners, promotions, payment links.
  const topics = [['deals', 'Deals', 'Promotions', 'العروض'], ['desert', 'Desert trips', 'Voyages dans le désert', 'رحلات الصحراء'], ['news', 'News', 'Actualités', 'الأخبار'], ['family', 'Family ideas', 'Idées en famille', 'أفكار عائلية'], ['vendors', 'Vendor news', 'Infos partenaires', 'أخبار الشركاء']]
    .map(([key, en, fr, ar]) => ({ id: rng.uuid(), key, name_i18n: i18n(en, fr, ar), subscribers_count: rng.int(100, 2000) * scale }));
  await bulk(q, 'topics', { id: 'uuid', key: 'text', name_i18n: 'jsonb', subscribers_count: 'int' }, topics);
  const notifications: Row[] = Array.from({ length: 30 }, (_, i) => {
    const status = i < 20 ? 'sent' : i < 25 ? 'scheduled' : i < 28 ? 'draft' : 'failed';
    const at = status === 'scheduled' ? now + rng.int(1, 20) * DAY : now - rng.int(1, 300) * DAY;
    const topic = rng.pick(topics);
    return {
      id: rng.uuid(), title_i18n: i18n('Weekend in the Sahara', 'Week-end au Sahara', 'عطلة في الصحراء'), body_i18n: i18n('New dates are open.', 'Nouvelles dates disponibles.', 'مواعيد جديدة متاحة.'),
      channel: rng.pick(['push', 'sms', 'email', 'in_app']), audience_type: 'topic', topic_id: topic.id, scheduled_at: status === 'scheduled' ? iso(at) : null, status,
      status_changed_at: iso(Math.min(at, now - 1000)), sent_at: status === 'sent' ? iso(at) : null, recipients_count: status === 'sent' ? topic.subscribers_count : 0,
      // What the delivery job would have counted: every recipient reached, or (failed) none.
      delivered_count: status === 'sent' ? topic.subscribers_count : 0, failed_count: status === 'failed' ? topic.subscribers_count : 0,
      created_by: staff, created_at: iso(Math.min(at, now) - DAY),
    };
  });
  await bulk(q, 'notifications', {
    id: 'uuid', title_i18n: 'jsonb', body_i18n: 'jsonb', channel: 'text', audience_type: 'text', topic_id: 'uuid', scheduled_at: 'timestamptz', status: 'text', status_changed_at: 'timestamptz',
    sent_at: 'timestamptz', recipients_count: 'int', delivered_count: 'int', failed_count: 'int', created_by: 'uuid', created_at: 'timestamptz',
  }, notifications);
  const tickets: Row[] = Array.from({ length: 40 }, () => {
    const b = rng.pick(sample);
    return {
      id: rng.uuid(), vendor_id: rng.chance(0.5) ? b.vendor_id : null, requester_type: 'customer', requester_name: b.customer_name, customer_id: b.customer_id, booking_id: b.id,
      subject: rng.pick(['Refund not received', 'Change of date', 'Invoice request', 'Problème de paiement CIB']), body: 'Merci de me recontacter.',
      priority: rng.pick(['low', 'normal', 'normal', 'high', 'urgent']), status: rng.pick(['new', 'open', 'pending', 'solved', 'closed']), created_at: iso(now - rng.int(1, 60) * DAY),
    };
  });
  await bulk(q, 'tickets', {
    id: 'uuid', vendor_id: 'uuid', requester_type: 'text', requester_name: 'text', customer_id: 'uuid', booking_id: 'uuid', subject: 'text', body: 'text', priority: 'text', status: 'text', created_at: 'timestamptz',
  }, tickets);
  await ticketDueTimes(q);
  const chatbot: Row[] = Array.from({ length: 30 }, () => {
    const b = rng.pick(sample);
    const at = now - rng.int(1, 30) * DAY;
    return {
      // The intent is what the customer asked for; a confident guess, as one escalated to staff would be.
      id: rng.uuid(), customer_id: b.customer_id, booking_id: b.id, intent: rng.pick(CHATBOT_INTENTS), confidence: Math.round((0.6 + rng.next() * 0.39) * 100) / 100,
      channel: rng.pick(['web', 'app', 'whatsapp']), status: rng.pick(['new', 'new', 'in_review', 'resolved', 'dismissed']), created_at: iso(at),
    };
  }).map((request, k) => {
    // In the customer's language, the words of their intent (a customer asking to change a date is not a failed payment).
    const words = CHATBOT_WORDS[request.intent as (typeof CHATBOT_INTENTS)[number]][k % 3];
    const at = Date.parse(String(request.created_at));
    return { ...request, transcript: [{ role: 'customer', text: words.customer, at: iso(at) }, { role: 'bot', text: words.bot, at: iso(at + 5000) }] };
  });
  await bulk(q, 'chatbot_requests', {
    id: 'uuid', customer_id: 'uuid', booking_id: 'uuid', intent: 'text', confidence: 'float8', transcript: 'jsonb', channel: 'text', status: 'text', created_at: 'timestamptz',
  }, chatbot);
  const help = [
    ['create-a-booking', 'all', 'Create a booking', 'Créer une réservation', 'إنشاء حجز'], ['refund-a-booking', 'all', 'Refund a booking', 'Rembourser une réservation', 'استرداد حجز'],
    ['publish-a-service', 'vendor', 'Publish a service', 'Publier un service', 'نشر خدمة'], ['payment-links', 'vendor', 'Send a payment link', 'Envoyer un lien de paiement', 'إرسال رابط دفع'],
    ['vendor-onboarding', 'staff', 'Approve a vendor', 'Valider un partenaire', 'قبول شريك'], ['platform-fees', 'staff', 'Platform fees', 'Frais de plateforme', 'رسوم المنصة'],
  ].map(([slug, audience, en, fr, ar], i) => ({ id: rng.uuid(), slug, audience, title_i18n: i18n(en, fr, ar), body_i18n: i18n(`How to: ${en}.`, `Comment : ${fr}.`, `كيفية: ${ar}.`), sort_order: i, tags: ['guide'] }));
  await bulk(q, 'help_articles', { id: 'uuid', slug: 'text', audience: 'text', title_i18n: 'jsonb', body_i18n: 'jsonb', sort_order: 'int', tags: 'jsonb' }, help);
  await bulk(q, 'banners', { id: 'uuid', image_url: 'text', link_url: 'text', title_i18n: 'jsonb', sort_order: 'int', starts_at: 'timestamptz', ends_at: 'timestamptz' }, [
    { id: rng.uuid(), image_url: '/demo/banners/sahara.jpg', link_url: '/deals', title_i18n: i18n('Sahara season', 'Saison du Sahara', 'موسم الصحراء'), sort_order: 0, starts_at: iso(now - 10 * DAY), ends_at: iso(now + 60 * DAY) },
    { id: rng.uuid(), image_url: '/demo/banners/coast.jpg', link_url: null, title_i18n: i18n('Summer on the coast', 'L’été sur la côte', 'الصيف على الساحل'), sort_order: 1, starts_at: iso(now + 30 * DAY), ends_at: iso(now + 120 * DAY) },
  ]);
  const demoServices = services.filter((s) => s.vendor_id === DEMO_VENDORS.sahara.id);
  // The platform's welcome coupon is the platform's to pay; the vendors' are theirs.
  await bulk(q, 'coupons', { id: 'uuid', vendor_id: 'uuid', code: 'text', description: 'text', kind: 'text', value: 'bigint', max_uses: 'int', uses_count: 'int', booking_to: 'timestamptz', funded_by: 'text' }, [
    { id: rng.uuid(), vendor_id: null, code: 'BIENVENUE10', description: 'Welcome offer', kind: 'percent', value: 10, max_uses: 1000, uses_count: 0, booking_to: iso(now + 90 * DAY), funded_by: 'platform' },
    { id: rng.uuid(), vendor_id: DEMO_VENDORS.sahara.id, code: 'SAHARA500', description: '500 DZD off', kind: 'fixed', value: 50_000, max_uses: 200, uses_count: 0, booking_to: iso(now + 60 * DAY), funded_by: 'vendor' },
    { id: rng.uuid(), vendor_id: DEMO_VENDORS.kabylie.id, code: 'KABYLIE15', description: 'Spring hikes', kind: 'percent', value: 15, max_uses: null, uses_count: 0, booking_to: iso(now + 45 * DAY), funded_by: 'vendor' },
  ]);
  await bulk(q, 'discounts', { id: 'uuid', vendor_id: 'uuid', name_i18n: 'jsonb', kind: 'text', value: 'bigint', min_participants: 'int', active: 'bool' }, [
    { id: rng.uuid(), vendor_id: DEMO_VENDORS.sahara.id, name_i18n: i18n('Groups of 6+', 'Groupes de 6+', 'مجموعات 6+'), kind: 'percent', value: 10, min_participants: 6, active: true },
  ]);
  await bulk(q, 'deals', { id: 'uuid', vendor_id: 'uuid', title_i18n: 'jsonb', service_ids: 'jsonb', discount_percent: 'float8', starts_at: 'timestamptz', ends_at: 'timestamptz', featured: 'bool' }, [
    { id: rng.uuid(), vendor_id: DEMO_VENDORS.sahara.id, title_i18n: i18n('Dune weekend', 'Week-end dunes', 'عطلة الكثبان'), service_ids: demoServices.slice(0, 3).map((s) => s.id), discount_percent: 15, starts_at: iso(now - 5 * DAY), ends_at: iso(now + 25 * DAY), featured: true },
  ]);
  await bulk(q, 'adventures', { id: 'uuid', vendor_id: 'uuid', title_i18n: 'jsonb', days: 'int', itinerary: 'jsonb', price_mode: 'text', price: 'bigint', status: 'text' }, [
    {
      id: rng.uuid(), vendor_id: DEMO_VENDORS.sahara.id, title_i18n: i18n('Three days in the Grand Erg', 'Trois jours dans le Grand Erg', 'ثلاثة أيام في العرق الكبير'), days: 3, price_mode: 'fixed', price: 4_500_000, status: 'published',
      itinerary: demoServices.slice(0, 3).map((s, k) => ({ day: k + 1, service_id: s.id, title: (s.title_i18n as { en: string }).en, notes: '' })),
    },
  ]);
  await bulk(q, 'combos', { id: 'uuid', vendor_id: 'uuid', title_i18n: 'jsonb', items: 'jsonb', pricing: 'text', percent: 'float8' }, [
    { id: rng.uuid(), vendor_id: DEMO_VENDORS.sahara.id, title_i18n: i18n('Quad + camel', 'Quad + dromadaire', 'كواد + جمل'), items: demoServices.filter((s) => s.status === 'published').slice(0, 2).map((s) => ({ service_id: s.id, required: true })), pricing: 'percent_of_parts', percent: 90 },
  ]);
  const invitations = invitable.map((b) => ({
    id: rng.uuid(), vendor_id: b.vendor_id, booking_id: b.id, invitee_name: b.customer_name, invitee_phone: b.customer_phone, channel: 'sms', amount: b.balance,
    expires_at: iso(now + rng.int(1, 48) * 3_600_000), token: rng.uuid().replaceAll('-', ''), status: rng.pick(['sent', 'sent', 'opened']), last_sent_at: iso(now - rng.int(1, 40) * 3_600_000),
  }));
  await bulk(q, 'payment_invitations', {
    id: 'uuid', vendor_id: 'uuid', booking_id: 'uuid', invitee_name: 'text', invitee_phone: 'text', channel: 'text', amount: 'bigint', expires_at: 'timestamptz', token: 'text', status: 'text', last_sent_at: 'timestamptz',
  }, invitations);
  await bulk(q, 'media', { id: 'uuid', vendor_id: 'uuid', url: 'text', owner_type: 'text', owner_id: 'uuid', alt_text: 'text', is_cover: 'bool' }, services.slice(0, 60).map((s) => ({
    id: rng.uuid(), vendor_id: s.vendor_id, url: `/demo/services/${String(s.id).slice(0, 8)}.jpg`, owner_type: 'service', owner_id: s.id, alt_text: (s.title_i18n as { en: string }).en, is_cover: true,
  })));

  // Slots for the demo vendors' next two weeks, holding the seats of their bookings.
  await q.query(
    `INSERT INTO service_slots (vendor_id, service_id, starts_at, capacity)
     SELECT s.vendor_id, s.id, d + h, s.capacity
     FROM services s, generate_series($1::timestamptz, $1::timestamptz + interval '13 days', interval '1 day') d, (VALUES (interval '7 hours'), (interval '13 hours')) AS t(h)
     WHERE s.vendor_id IN ($2, $3) AND s.status = 'published'
     ON CONFLICT (service_id, starts_at) DO NOTHING`,
    [iso(today), DEMO_VENDORS.sahara.id, DEMO_VENDORS.kabylie.id],
  );
  // ...and a slot at each hour the demo vendors' coming bookings start, so every one has its departure.
  await q.query(
    `INSERT INTO service_slots (vendor_id, service_id, starts_at, capacity)
     SELECT DISTINCT b.vendor_id, b.service_id, b.starts_at, s.capacity FROM bookings b JOIN services s ON s.id = b.service_id
     WHERE b.vendor_id IN ($1, $2) AND b.starts_at >= $3
     ON CONFLICT (service_id, starts_at) DO NOTHING`,
    [DEMO_VENDORS.sahara.id, DEMO_VENDORS.kabylie.id, iso(today)],
  );
  await q.query(
    `UPDATE bookings b SET slot_id = sl.id FROM service_slots sl WHERE sl.service_id = b.service_id AND sl.starts_at = b.starts_at AND b.vendor_id IN ($1, $2) AND b.starts_at >= $3`,
    [DEMO_VENDORS.sahara.id, DEMO_VENDORS.kabylie.id, iso(today)],
  );
  await q.query(
    `UPDATE service_slots sl SET booked = least(sl.capacity, x.seats), capacity = greatest(sl.capacity, x.seats)
     FROM (SELECT slot_id, sum(participants_count)::int AS seats FROM bookings WHERE slot_id IS NOT NULL AND status IN ('requested', 'confirmed', 'checked_in', 'no_show') GROUP BY slot_id) x
     WHERE x.slot_id = sl.id`,
  );

  // The first demo vendor's first service: a minimum age, and a roster on its coming bookings
  // (names and ages; the first child of each is under the minimum, for the manifest to flag).
  const sampleService = demoServices.find((svc) => svc.status === 'published')!;
  await q.query(
    `UPDATE services SET adrenaline = coalesce(adrenaline, '{"risk_level": 2, "min_weight_kg": null, "max_weight_kg": null, "waiver_required": true, "health_questions": []}') || '{"min_age": 12}'
     WHERE id = $1`,
    [sampleService.id],
  );
  await q.query(
    `UPDATE bookings b SET roster = (
       SELECT jsonb_agg(jsonb_build_object(
         'name', (ARRAY['Amine', 'Yasmine', 'Karim', 'Lina', 'Sofiane', 'Nour'])[1 + n % 6] || ' ' || split_part(b.customer_name, ' ', 2),
         'age', CASE WHEN n > coalesce((b.participants->>'adult')::int, 0) THEN 7 + n ELSE 25 + 3 * n END, 'weight_kg', NULL, 'waiver_signed', n % 3 <> 0))
       FROM generate_series(1, b.participants_count) n)
     WHERE b.service_id = $1 AND b.slot_id IS NOT NULL`,
    [sampleService.id],
  );

  // Personal services: copies of the first demo vendor's services for three demo customers,
  // each with its own adult price and one departure in the coming weeks.
  for (const [k, base] of demoServices.filter((svc) => svc.status === 'published').slice(1, 4).entries()) {
    const id = rng.uuid();
    const customer = customers[k];
    await q.query(
      `INSERT INTO services (id, vendor_id, title_i18n, description_i18n, category_id, subcategory_id, location_id, branch_id, duration_minutes, booking_type, capacity,
         min_participants, max_participants, booking_cutoff_minutes, confirmation, cancellation_policy, customer_types, extras, interest_ids, amenity_ids, adrenaline,
         status, status_changed_at, private_customer_id, base_service_id)
       SELECT $1, vendor_id, title_i18n, description_i18n, category_id, subcategory_id, location_id, branch_id, duration_minutes, booking_type, 6,
         1, 6, booking_cutoff_minutes, confirmation, cancellation_policy, customer_types, extras, interest_ids, amenity_ids, adrenaline,
         'published', now(), $2, id
       FROM services WHERE id = $3`,
      [id, customer.id, base.id],
    );
    await q.query(
      `INSERT INTO price_rules (id, service_id, vendor_id, name, customer_type, amount, per, priority, active) VALUES ($1, $2, $3, $4, 'adult', $5, 'person', 0, true)`,
      [rng.uuid(), id, base.vendor_id, `${customer.name}`, rng.int(20, 90) * 100_000],
    );
    await q.query(`INSERT INTO service_slots (vendor_id, service_id, starts_at, capacity) VALUES ($1, $2, $3, 6)`, [base.vendor_id, id, iso(today + (10 + 7 * k) * DAY + hour(9))]);
  }

  await seedLoyalty(q);
  await seedVendorDocuments(q, today);

  // Caches that follow from the rows above.
  await q.query(
    `UPDATE customers c SET bookings_count = x.n, last_booking_at = x.last, lifetime_spend = x.spend
     FROM (SELECT customer_id, count(*)::int AS n, max(created_at) AS last, sum(paid - refunded)::bigint AS spend FROM bookings GROUP BY customer_id) x
     WHERE x.customer_id = c.id`,
  );
  await q.query(
    `UPDATE customers c SET wallet_balance = x.balance FROM (SELECT customer_id, sum(CASE kind WHEN 'credit' THEN amount ELSE -amount END)::bigint AS balance FROM wallet_transactions GROUP BY customer_id) x
     WHERE x.customer_id = c.id`,
  );
  await q.query(
    `UPDATE services s SET rating_avg = x.avg, reviews_count = x.n
     FROM (SELECT service_id, round(avg(rating)::numeric, 2)::float8 AS avg, count(*)::int AS n FROM reviews WHERE status = 'approved' GROUP BY service_id) x
     WHERE x.service_id = s.id`,
  );
  await q.query(
    `UPDATE locations l SET services_count = x.n
     FROM (SELECT location_id, count(*)::int AS n FROM services WHERE location_id IS NOT NULL GROUP BY location_id) x
     WHERE x.location_id = l.id`,
  );
  // Each service's lowest active price and its location's wilaya (kept by triggers after this load),
  // and groups no larger than the service holds.
  await q.query(
    `UPDATE services s SET price_from = (SELECT min(amount) FROM price_rules p WHERE p.service_id = s.id AND p.active),
       wilaya_code = (SELECT l.wilaya_code FROM locations l WHERE l.id = s.location_id),
       max_participants = least(max_participants, capacity)`,
  );
  // The dashboard's roll-ups (per day and service, and the coarser ones made from it) follow
  // bookings by a trigger, which this bulk load skips.
  await q.query('SELECT booking_rollup_rebuild()');

  // Fresh statistics for the planner (the embedded database has no autovacuum).
  for (const table of [
    'bookings',
    'payments',
    'payment_splits',
    'customers',
    'reviews',
    'refunds',
    'booking_daily_market',
    'booking_daily_vendor',
    'booking_daily_service',
    'booking_weekly_service',
  ])
    await q.query(`ANALYZE ${table}`);

  const stats: DemoStats = {
    vendors: vendorCount, services: services.length, customers: customers.length, bookings: counts.bookings, payments: counts.payments, refunds: counts.refunds,
    reviews: counts.reviews, messages: messages.length, ms: Date.now() - started,
  };
  log(`demo data: ${JSON.stringify(stats)}`);
  return stats;
}

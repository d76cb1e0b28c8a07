/**
 * The public page of a payment link, /pay/<token>: no back-office session and none of its
 * code (no React, no views, no machines): plain DOM, a few KB. It shows the service, the
 * date, the booking's reference and who it is for, and the amount in the customer's
 * language (or ?lang=, which the language links set), lets the payer choose a card, and
 * hands off to the gateway's checkout; the gateway sends the payer back here, to a
 * receipt they can print.
 * Only the `pay.` messages are bundled (build.mjs keeps just those from the catalogues).
 */
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import './pay.css';

type Locale = 'en' | 'fr' | 'ar';
interface LinkView {
  status: 'open' | 'paid' | 'expired' | 'cancelled';
  locale: Locale;
  service: string;
  starts_at: string;
  amount: number;
  currency: string;
  vendor: string;
  expires_at: string;
  last_attempt_failed: boolean;
  booking_ref: string;
  participants: { type: string; count: number }[];
  receipt: { paid_at: string; method: string; reference: string | null } | null;
}

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };
const INTL_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' };
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ar: 'العربية' };
const MINOR_DIGITS: Record<string, number> = { DZD: 2, EUR: 2, USD: 2 };

const root = document.getElementById('pay')!;
const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const asked = new URLSearchParams(location.search).get('lang');
const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'fr' || value === 'ar';
let locale: Locale = isLocale(asked) ? asked : isLocale(navigator.language.slice(0, 2)) ? (navigator.language.slice(0, 2) as Locale) : 'fr';

/** A message with its `{name}` arguments filled in. */
function t(id: string, values: Record<string, string> = {}): string {
  const text = CATALOGUES[locale][id] ?? CATALOGUES.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

function setLocale(next: Locale) {
  locale = next;
  document.documentElement.lang = next;
  document.documentElement.dir = next === 'ar' ? 'rtl' : 'ltr';
}

const money = (view: LinkView) => {
  const digits = MINOR_DIGITS[view.currency] ?? 2;
  return new Intl.NumberFormat(INTL_TAGS[locale], { style: 'currency', currency: view.currency, minimumFractionDigits: digits }).format(view.amount / 10 ** digits);
};
const when = (iso: string) =>
  new Intl.DateTimeFormat(INTL_TAGS[locale], { dateStyle: 'full', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(new Date(iso));

/** A small element builder: text only, never HTML from the server. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { class?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { class: className, ...rest } = props;
  if (className) node.className = className;
  Object.assign(node, rest);
  node.append(...children);
  return node;
}

/** The other languages, as links that reload the page in them (the server words the page). */
function languages() {
  const nav = el('nav', { class: 'pay-languages' });
  nav.setAttribute('aria-label', t('pay.language'));
  for (const other of ['en', 'fr', 'ar'] as const) {
    if (other !== locale) nav.append(el('a', { href: `?lang=${other}`, lang: other }, LANGUAGE_NAMES[other]));
  }
  return nav;
}

function show(...children: Node[]) {
  root.replaceChildren(languages(), ...children);
  root.setAttribute('aria-busy', 'false');
}

function notice(kind: 'error' | 'done', text: string, role: 'alert' | 'status' = kind === 'error' ? 'alert' : 'status') {
  const node = el('p', { class: `pay-notice pay-notice--${kind}` }, text);
  node.setAttribute('role', role);
  return node;
}

function summary(view: LinkView): Node[] {
  return [
    el('p', { class: 'pay-vendor' }, view.vendor),
    el('h1', {}, view.service || t('pay.title')),
    el('dl', { class: 'pay-facts' },
      el('dt', {}, t('pay.reference')), el('dd', {}, el('bdi', {}, view.booking_ref)),
      el('dt', {}, t('pay.date')), el('dd', {}, when(view.starts_at)),
      ...(view.participants.length > 0 ? [el('dt', {}, t('pay.participants')), el('dd', {}, participants(view))] : []),
      el('dt', {}, t('pay.amount')), el('dd', {}, money(view)),
    ),
  ];
}

/** "Adults: 2, Children: 1", customer types in the payer's language. */
const participants = (view: LinkView) =>
  view.participants.map((p) => t('pay.participantsOfType', { type: t(`pay.type.${p.type}`), count: new Intl.NumberFormat(INTL_TAGS[locale]).format(p.count) })).join(t('pay.listSeparator'));

/** What the payer keeps once paid: when, how and the gateway's reference, printable. */
function receipt(view: LinkView): Node[] {
  if (!view.receipt) return [];
  const method = CATALOGUES[locale][`pay.method.${view.receipt.method}`] ? t(`pay.method.${view.receipt.method}`) : view.receipt.method;
  const print = el('button', { type: 'button', class: 'pay-button pay-print' }, t('pay.receipt.print'));
  print.addEventListener('click', () => window.print());
  return [
    el('section', { class: 'pay-receipt' },
      el('h2', {}, t('pay.receipt.title')),
      el('dl', { class: 'pay-facts' },
        el('dt', {}, t('pay.receipt.paidAt')), el('dd', {}, when(view.receipt.paid_at)),
        el('dt', {}, t('pay.receipt.amount')), el('dd', {}, money(view)),
        el('dt', {}, t('pay.receipt.method')), el('dd', {}, method),
        ...(view.receipt.reference ? [el('dt', {}, t('pay.receipt.reference')), el('dd', {}, el('bdi', {}, view.receipt.reference))] : []),
      ),
    ),
    print,
  ];
}

function render(view: LinkView, error?: string) {
  document.title = t('pay.docTitle', { vendor: view.vendor });
  if (view.status === 'paid') {
    return show(...summary(view), el('h2', {}, t('pay.paid.title')), notice('done', t('pay.paid.body', { amount: money(view) })), ...receipt(view));
  }
  if (view.status === 'expired' || view.status === 'cancelled') {
    return show(...summary(view), el('h2', {}, t(`pay.${view.status}.title`)), notice('error', t(`pay.${view.status}.body`, { vendor: view.vendor }), 'status'));
  }
  const methods = (['cib', 'edahabia'] as const).map((method, index) =>
    el('label', {}, el('input', { type: 'radio', name: 'method', value: method, checked: index === 0, required: true }), t(`pay.method.${method}`)),
  );
  const button = el('button', { type: 'submit', class: 'pay-button' }, t('pay.submit', { amount: money(view) }));
  const form = el('form', {}, el('fieldset', {}, el('legend', {}, t('pay.method')), ...methods), button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = t('pay.redirecting');
    void checkout(String(new FormData(form).get('method')), view);
  });
  const problem = error ?? (view.last_attempt_failed ? t('pay.lastFailed') : undefined);
  return show(...summary(view), ...(problem ? [notice('error', problem)] : []), form);
}

function fail(titleId: string, bodyId: string) {
  document.title = t(titleId);
  show(el('h1', {}, t(titleId)), notice('error', t(bodyId), 'status'));
}

const api = (path: string) => `/branch/api/pay/${encodeURIComponent(token)}/${path}`;

async function load(error?: string) {
  const response = await fetch(api(asked && isLocale(asked) ? `?lang=${asked}` : ''), { headers: { accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return response?.status === 404 ? fail('pay.notFound.title', 'pay.notFound.body') : fail('pay.title', 'pay.error');
  const view = (await response.json()) as LinkView;
  setLocale(view.locale);
  render(view, error);
}

async function checkout(method: string, view: LinkView) {
  const response = await fetch(api('checkout/'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': locale },
    body: JSON.stringify({ method, lang: locale }),
  }).catch(() => null);
  const body = response ? ((await response.json().catch(() => ({}))) as { checkout_url?: string; detail?: string }) : {};
  if (response?.ok && body.checkout_url) return location.assign(body.checkout_url);
  // Refused (paid, expired or cancelled meanwhile): the page shows the link as it is now,
  // with the server's reason in the payer's language.
  if (response?.status === 409) return load(body.detail);
  render(view, t('pay.error'));
}

setLocale(locale);
root.textContent = t('pay.loading');
void load();

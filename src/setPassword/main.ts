/**
 * The public page of an invitation link, /set-password/<token>: an invited vendor user
 * chooses a password, then logs in. No back-office session and none of its code (no
 * React, views or machines): plain DOM, a few KB, in English, French or Arabic (?lang=,
 * the app's /fr or /ar prefix, else the browser's language). Only the `setPassword.` messages are bundled (build.mjs).
 * The server checks the link (single use, expiry) and the password rule again. The same
 * page takes a forgotten-password link (purpose `reset`): then it asks for a new password.
 */
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../../common/passwordRule.ts';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import './setPassword.css';

type Locale = 'en' | 'fr' | 'ar';
interface LinkView {
  status: 'open' | 'used' | 'expired' | 'replaced';
  email: string;
  name: string;
  purpose?: 'invite' | 'reset';
}

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

const root = document.getElementById('set-password')!;
// /set-password/<token>, or under the app's language prefix: /fr/set-password/<token>.
const path = location.pathname.split('/').filter(Boolean);
const token = decodeURIComponent(path[path.length - 1] ?? '');
const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'fr' || value === 'ar';
const asked = new URLSearchParams(location.search).get('lang') ?? (path.length === 3 ? path[0] : null);
const browser = navigator.language.slice(0, 2);
const locale: Locale = isLocale(asked) ? asked : isLocale(browser) ? browser : 'fr';
document.documentElement.lang = locale;
document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';

/** A message with its `{name}` arguments filled in. */
function t(id: string, values: Record<string, string> = {}): string {
  const text = CATALOGUES[locale][id] ?? CATALOGUES.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/** A small element builder: text only, never HTML from the server. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { class?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { class: className, ...rest } = props;
  if (className) node.className = className;
  Object.assign(node, rest);
  node.append(...children);
  return node;
}

/**
 * A message whose `{name}` arguments are isolated (<bdi>): an email or a Latin name keeps
 * its own order inside an Arabic sentence.
 */
function tIsolated(id: string, values: Record<string, string>): (Node | string)[] {
  const text = CATALOGUES[locale][id] ?? CATALOGUES.en[id] ?? id;
  return text
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? el('bdi', {}, values[name] ?? '') : part;
    });
}

function notice(kind: 'error' | 'done', ...content: (Node | string)[]) {
  const node = el('p', { class: `sp-notice sp-notice--${kind}` }, ...content);
  node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  return node;
}

/** The login page in this language (the app puts French and Arabic under a prefix). */
const loginLink = () => el('a', { href: locale === 'en' ? '/login' : `/${locale}/login`, class: 'sp-button' }, t('setPassword.login'));

function languages() {
  const nav = el('nav', { class: 'sp-languages' });
  nav.setAttribute('aria-label', t('setPassword.language'));
  for (const other of ['en', 'fr', 'ar'] as const) {
    if (other === locale) continue;
    const link = el('a', { href: `?lang=${other}`, lang: other }, LANGUAGE_NAMES[other]);
    nav.append(link);
  }
  return nav;
}

function show(...children: Node[]) {
  root.replaceChildren(languages(), ...children);
  root.setAttribute('aria-busy', 'false');
}

function finished(titleId: string, body: Node) {
  document.title = t(titleId);
  show(el('h1', {}, t(titleId)), body, loginLink());
}

const api = () => `/branch/api/set-password/${encodeURIComponent(token)}/`;
const headers = { accept: 'application/json', 'accept-language': locale };

/** A labelled password input with its hint and error line, wired for screen readers. */
function passwordField(id: string, labelId: string, hint?: string) {
  const input = el('input', { id, type: 'password', autocomplete: 'new-password', required: true });
  const error = el('p', { id: `${id}-error`, class: 'sp-error' });
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  input.setAttribute('aria-describedby', described);
  const field = el('div', { class: 'sp-field' }, el('label', { htmlFor: id }, t(labelId)), input);
  if (hint) field.append(el('p', { id: `${id}-hint`, class: 'sp-hint' }, hint));
  field.append(error);
  const setError = (text: string) => {
    error.textContent = text;
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  return { field, input, setError };
}

function render(view: LinkView) {
  const reset = view.purpose === 'reset';
  if (view.status !== 'open') {
    // A reset link's owner asks for another one themselves; an invitee asks the marketplace team.
    return finished(`setPassword.${view.status}.title`, notice('error', t(reset ? 'setPassword.reset.again' : `setPassword.${view.status}.body`)));
  }
  const title = reset ? 'setPassword.reset.title' : 'setPassword.title';
  document.title = t(title);
  const password = passwordField('password', 'setPassword.password', t('setPassword.rule', { min: String(PASSWORD_MIN_LENGTH) }));
  const confirm = passwordField('confirm', 'setPassword.confirm');
  const problem = el('div');
  const button = el('button', { type: 'submit', class: 'sp-button' }, t('setPassword.submit'));
  const form = el('form', { noValidate: true }, problem, password.field, confirm.field, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.replaceChildren();
    const weak = passwordProblem(password.input.value) !== null;
    const different = password.input.value !== confirm.input.value;
    // The rule itself is the hint just above: the error says only that it is not met.
    password.setError(weak ? t('setPassword.weak') : '');
    confirm.setError(!weak && different ? t('setPassword.mismatch') : '');
    if (weak) return password.input.focus();
    if (different) return confirm.input.focus();
    button.disabled = true;
    void submit(password.input.value, view.email, reset).then((refusal) => {
      button.disabled = false;
      if (refusal?.field) {
        password.setError(refusal.field);
        password.input.focus();
      } else if (refusal) {
        problem.replaceChildren(notice('error', refusal.detail));
      }
    });
  });
  show(el('h1', {}, t(title)), el('p', { class: 'sp-account' }, ...tIsolated('setPassword.account', { name: view.name, email: view.email })), form);
  password.input.focus();
}

/** Sends the password; on success shows the way to log in, else says why (in this language, from the server). */
async function submit(value: string, email: string, reset: boolean): Promise<{ detail: string; field?: string } | null> {
  const response = await fetch(api(), { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ password: value }) }).catch(() => null);
  const body = response ? ((await response.json().catch(() => ({}))) as { detail?: string; status?: string; errors?: { password?: string[] } }) : {};
  if (response?.ok) {
    finished(reset ? 'setPassword.reset.done.title' : 'setPassword.done.title', notice('done', ...tIsolated(reset ? 'setPassword.reset.done.body' : 'setPassword.done.body', { email })));
    return null;
  }
  // Used, expired or replaced meanwhile: the page shows the link as it is now.
  if (response?.status === 409 && body.status) {
    render({ status: body.status as LinkView['status'], email: '', name: '', purpose: reset ? 'reset' : 'invite' });
    return null;
  }
  if (response?.status === 400 && body.errors?.password?.[0]) return { detail: body.detail ?? '', field: body.errors.password[0] };
  return { detail: body.detail && response?.status !== 500 ? body.detail : t('setPassword.error') };
}

async function load() {
  const response = await fetch(api(), { headers }).catch(() => null);
  if (!response?.ok) {
    return finished(response?.status === 404 ? 'setPassword.notFound.title' : 'setPassword.title', notice('error', t(response?.status === 404 ? 'setPassword.notFound.body' : 'setPassword.error')));
  }
  render((await response.json()) as LinkView);
}

root.textContent = t('setPassword.loading');
void load();

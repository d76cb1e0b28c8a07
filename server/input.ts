/**
 * What the server refuses in any request before a route sees it, each as a 400 with a
 * field error instead of a database error (a 500): text PostgreSQL cannot store, dates
 * outside the years it is meant for, and JSON nested deeper than any record is.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { badRequest } from './errors.ts';

/** NUL (PostgreSQL text cannot hold it) and lone surrogates (not Unicode). */
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_MESSAGE = 'Contains a character that cannot be stored.';

/** Query parameters with unstorable text: a 400 naming each, for every route (lists, exports, filters). */
export async function rejectUnstorableQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (UNSTORABLE.test(key) || values.some((v) => typeof v === 'string' && UNSTORABLE.test(v))) {
      errors[UNSTORABLE.test(key) ? 'query' : key] = [UNSTORABLE_MESSAGE];
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors, 'Invalid query');
}

/** No record of the domain nests deeper than a few levels; this leaves room and no more. */
export const MAX_JSON_DEPTH = 32;

/** How deeply a JSON text nests arrays and objects, scanning (not parsing) it; stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), after a scan that
 * refuses nesting deeper than MAX_JSON_DEPTH before anything walks the parsed value
 * recursively (validation, the database's jsonb parser).
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(badRequest({ body: [`Nested deeper than ${MAX_JSON_DEPTH} levels.`] }, 'Invalid JSON body'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/** Years a date may have: PostgreSQL has no year 0, and nothing here happens before 1900. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const yearInRange = (text: string) => {
  const year = Number(/^(\d{4})-/.exec(text)?.[1]);
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** Adds the year bound to an Ajv instance's `date` and `date-time` formats (bodies and query strings alike). */
export function boundDateFormats(ajv: { addFormat(name: string, format: unknown): unknown; formats: Record<string, unknown> }): void {
  for (const name of ['date', 'date-time']) {
    const base = ajv.formats[name] as { validate: (s: string) => boolean; compare?: unknown } | ((s: string) => boolean);
    const check = typeof base === 'function' ? base : base.validate;
    ajv.addFormat(name, {
      ...(typeof base === 'function' ? {} : base),
      validate: (text: string) => check(text) && yearInRange(text),
    });
  }
}

/**
 * The `web-url` format of every address a setting or record stores (`Url` in
 * common/common.ts): an https address, an http one on this machine in development,
 * or a path on this server. Never `javascript:`, `data:` or another scheme, nor a
 * protocol-relative `//host`, so a stored link is safe wherever it is shown.
 */
export function isWebUrl(text: string, production: boolean): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !text.includes('\\') && URL.canParse(text, 'https://here.invalid');
  // Written out in full: URL() reads `https:host` as https://host/.
  if (!/^https?:\/\/[^/\\]/i.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && !production && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function addWebUrlFormat(ajv: { addFormat(name: string, format: unknown): unknown }, production: boolean): void {
  ajv.addFormat('web-url', { type: 'string', validate: (text: string) => isWebUrl(text, production) });
}

/** What Fastify calls to validate one part of a request: an Ajv validate function's shape. */
export interface LazyValidator {
  (data: unknown, dataContext?: object): boolean;
  errors?: ValidateFunction['errors'];
  readonly schemaEnv: unknown;
  /** Compiles now (a test compiles every route's schemas at once). */
  compile(): void;
}

/**
 * A validator that compiles on its first use. Fastify reads `schemaEnv` before each call
 * (to hand Ajv the parent of the value, so defaults and coercion reach a root value), so
 * that read compiles too; `errors` is the compiled function's, after each call.
 */
export function compileOnFirstUse(compile: () => ValidateFunction): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const get = () => (compiled ??= compile());
  const validate = ((data: unknown, dataContext?: object) => {
    const fn = get();
    const valid = dataContext ? fn(data, dataContext as Parameters<ValidateFunction>[1]) : fn(data);
    validate.errors = fn.errors;
    return valid as boolean;
  }) as LazyValidator;
  Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
  validate.compile = () => void get();
  return validate;
}

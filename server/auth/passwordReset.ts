/**
 * A forgotten password:
 *   POST /branch/api/password-reset/  {email, lang?}  -> 202, whatever the address
 *
 * The link works like an invitation's (a row of user_invitations with purpose `reset`,
 * stored as its SHA-256, the same /set-password/<token> page): it works once, for
 * RESET_MINUTES, and a newer link or an invitation replaces it. It is emailed through the
 * mail provider to an active user of a vendor in good standing; for any other address
 * nothing is sent and the answer is the same, so the form cannot tell who has an account.
 * Every request counts in the login rate limit of the address and of the address typed
 * (its own account key, so asking for links never locks anyone out of logging in).
 * Setting the password through the link ends the user's sessions (set-password, in
 * server/vendors/vendorUsers.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import { Type, type Static } from 'typebox';
import type { Locale } from '../../common/common.ts';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import type { Database } from '../db/index.ts';
import { providersFor } from '../notifications/index.ts';
import { ApiError } from '../errors.ts';
import { ownBaseUrl } from '../engine/paths.ts';
import { loginRetryAfter, recordLoginFailure } from './rateLimit.ts';
import { VENDOR_ALLOWS_ACCESS } from './users.ts';

export const RESET_MINUTES = 30;

const ResetBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('ar')])),
  },
  { additionalProperties: false },
);

const CATALOGUES = { en, fr, ar } as unknown as Record<Locale, Record<string, string>>;
const INTL_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' };
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function format(locale: Locale, key: string, values: Record<string, string>): string {
  const text = CATALOGUES[locale][key] ?? CATALOGUES.en[key] ?? key;
  return String(new IntlMessageFormat(text, INTL_TAGS[locale]).format(values));
}

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof ResetBody> }>(
    '/branch/api/password-reset/',
    { schema: { body: ResetBody } },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const locale: Locale = request.body.lang ?? 'en';
      const keys = { account: `password-reset ${email}`, address: (request.ip || 'unknown').slice(0, 254) };
      const waiting = await loginRetryAfter(app.db, keys);
      if (waiting > 0) {
        throw new ApiError(429, { detail: 'Too many requests. Try again later.', retry_after: waiting }, { 'retry-after': String(waiting) });
      }
      // Counted whatever the outcome: a link asked for is an attempt like a failed login.
      await recordLoginFailure(app.db, keys);
      const issued = await issueResetLink(app.db, email);
      // Sent after the answer: how long the mail server takes says nothing about the address.
      if (issued) void sendResetEmail(app, issued, locale, request.log);
      reply.header('cache-control', 'no-store');
      return reply.status(202).send({ detail: 'If an account uses this address, a link to choose a new password is on its way.' });
    },
  );
}

interface IssuedLink {
  userId: string;
  email: string;
  name: string;
  token: string;
}

/** A new reset link for an active user with this email, the open ones voided; null for anyone else. */
async function issueResetLink(db: Database, email: string): Promise<IssuedLink | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; email: string; name: string }>(
      `SELECT id, email, name FROM users WHERE lower(email) = $1 AND active AND ${VENDOR_ALLOWS_ACCESS} FOR UPDATE`,
      [email],
    );
    const user = rows[0];
    if (!user) return null;
    await tx.query('UPDATE user_invitations SET voided_at = now() WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL', [user.id]);
    const token = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO user_invitations (user_id, token_hash, created_by, expires_at, purpose)
       VALUES ($1, $2, NULL, now() + make_interval(mins => $3), 'reset')`,
      [user.id, hashToken(token), RESET_MINUTES],
    );
    return { userId: user.id, email: user.email, name: user.name, token };
  });
}

async function sendResetEmail(app: FastifyInstance, link: IssuedLink, locale: Locale, log: FastifyBaseLogger): Promise<void> {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const url = `${ownBaseUrl(app) ?? ''}${prefix}/set-password/${link.token}`;
  const values = { name: link.name, url, minutes: String(RESET_MINUTES) };
  try {
    await providersFor(app).email.send(app.db, {
      idempotencyKey: `password-reset:${hashToken(link.token)}`,
      notificationId: null,
      channel: 'email',
      recipientKey: `user:${link.userId}`,
      address: link.email,
      locale,
      title: format(locale, 'vendorNotice.passwordReset.title', values),
      body: format(locale, 'vendorNotice.passwordReset.body', values),
      titleI18n: {},
      bodyI18n: {},
    });
  } catch (error) {
    log.error({ err: error, userId: link.userId }, 'password reset email not sent');
  }
}

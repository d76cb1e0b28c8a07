/**
 * Every channel behind one interface: a provider sends one message and answers with its
 * own reference, or throws (the delivery is retried, then failed with the error).
 *   - email: SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox.
 *   - sms, push: the development provider, which records each message in the outbox.
 *   - in_app: back-office users get an inbox item and a realtime `notification` event;
 *     customers (whose app reads its own feed) get the development outbox.
 * Each message carries the delivery's idempotency key: the outbox and the inbox keep it
 * UNIQUE (a second send is a no-op), and SMTP sends it as the Message-ID, so a message
 * re-sent after a crash is recognised as the same one by the receiving side.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/index.ts';
import { publishEvent } from '../realtime/events.ts';

export interface OutgoingMessage {
  idempotencyKey: string;
  /** The notification it belongs to; null for a message of its own (a payment link, a password reset link). */
  notificationId: string | null;
  channel: 'email' | 'sms' | 'push' | 'in_app';
  /** `customer:<id>`, `user:<id>`. */
  recipientKey: string;
  address: string | null;
  locale: 'en' | 'fr' | 'ar';
  title: string;
  body: string;
  /** In-app items keep every language (the bell shows the reader's). */
  titleI18n: Record<string, string>;
  bodyI18n: Record<string, string>;
}

export interface Provider {
  send(db: Database, message: OutgoingMessage): Promise<{ ref: string }>;
  close?(): void;
}

export type Providers = Record<OutgoingMessage['channel'], Provider>;

/** Records the message in the outbox once per idempotency key. */
export const devProvider: Provider = {
  async send(db, m) {
    await db.query(
      `INSERT INTO notification_outbox (idempotency_key, notification_id, channel, address, locale, title, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
      [m.idempotencyKey, m.notificationId, m.channel, m.address, m.locale, m.title, m.body],
    );
    const { rows } = await db.query<{ id: number }>('SELECT id FROM notification_outbox WHERE idempotency_key = $1', [m.idempotencyKey]);
    return { ref: `outbox:${rows[0].id}` };
  },
};

/** The bell of a back-office user; customers' in-app messages go to the outbox. */
export const inAppProvider: Provider = {
  async send(db, m) {
    if (!m.recipientKey.startsWith('user:')) return devProvider.send(db, m);
    const userId = m.recipientKey.slice('user:'.length);
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO inbox_items (user_id, notification_id, idempotency_key, title_i18n, body_i18n, link)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [userId, m.notificationId, m.idempotencyKey, JSON.stringify(m.titleI18n), JSON.stringify(m.bodyI18n), null],
      );
      // Announced only for a new item, in the same transaction (nothing is announced for a rollback).
      if (rows[0]) await publishEvent(tx, { type: 'notification', collection: 'inbox', recordId: rows[0].id, action: 'create', audience: { userId } });
      const found = rows[0] ?? (await tx.query<{ id: string }>('SELECT id FROM inbox_items WHERE idempotency_key = $1', [m.idempotencyKey])).rows[0];
      return { ref: `inbox:${found.id}` };
    });
  },
};

/** Email over SMTP: the idempotency key is the Message-ID; the language goes in Content-Language. */
export function smtpProvider(url: string, from: string): Provider {
  // Pooled: a few connections kept open and reused, instead of one connection per message.
  const transport = nodemailer.createTransport({ url, pool: true });
  return {
    async send(_db, m) {
      if (!m.address) throw new Error('No email address.');
      const info = await transport.sendMail({
        from,
        to: m.address,
        subject: m.title,
        text: m.body,
        messageId: `<${m.idempotencyKey}@rihla.notifications>`,
        headers: { 'Content-Language': m.locale },
      });
      return { ref: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * The providers from the environment: SMTP_URL (e.g. smtp://user:pass@host:587, or
 * smtps://… for TLS from the start) and SMTP_FROM.
 */
export function providersFromEnv(env: NodeJS.ProcessEnv = process.env): Providers {
  const email = env.SMTP_URL ? smtpProvider(env.SMTP_URL, env.SMTP_FROM ?? 'Rihla <no-reply@rihla.test>') : devProvider;
  return { email, sms: devProvider, push: devProvider, in_app: inAppProvider };
}

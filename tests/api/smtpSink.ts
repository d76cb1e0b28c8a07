/**
 * A real SMTP server on a free local port (the smtp-server package) that keeps what
 * arrives: recipient, Message-ID, language, subject and text decoded from their MIME
 * encodings. Used by the delivery test, the exactly-once process test and the
 * notification send benchmark.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  messageId: string;
  language: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Recipients whose RCPT TO is refused (a failing delivery). */
  refuse: Set<string>;
  close(): Promise<void>;
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header. */
function decodeWords(value: string): string {
  return value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function parse(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { to, messageId: header('Message-ID'), language: header('Content-Language'), subject: decodeWords(header('Subject')), text: text.trim() };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) received.push(parse(raw, rcpt.address));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A topic followed by `count` customers, each with an email (`r<i>@example.test`) and a
 * language in turn (en, fr, ar), and an email notification to it in three languages:
 * the audience of a large send. Returns the notification's id.
 */
export async function seedTopicSend(
  db: { query: <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }> },
  key: string,
  count: number,
  body: { en: string; fr: string; ar: string },
): Promise<string> {
  const [topic] = (await db.query<{ id: string }>('INSERT INTO topics (key, name_i18n) VALUES ($1, \'{"en":"Everyone"}\') RETURNING id', [key])).rows;
  await db.query(
    `WITH c AS (
       INSERT INTO customers (name, phone, email, locale)
       SELECT 'Recipient ' || i, '+213 660 ' || lpad(i::text, 6, '0'), 'r' || i || '@example.test', (ARRAY['en', 'fr', 'ar'])[1 + i % 3]
       FROM generate_series(1, $2::int) AS i RETURNING id)
     INSERT INTO topic_subscribers (topic_id, customer_id) SELECT $1, id FROM c`,
    [topic!.id, count],
  );
  const [notification] = (await db.query<{ id: string }>(
    `INSERT INTO notifications (title_i18n, body_i18n, channel, audience_type, topic_id)
     VALUES ('{"en":"Hello","fr":"Bonjour","ar":"مرحبا"}', $2::jsonb, 'email', 'topic', $1) RETURNING id`,
    [topic!.id, JSON.stringify(body)],
  )).rows;
  return notification!.id;
}

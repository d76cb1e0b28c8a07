/**
 * npm run create-user -- --email x@example.com --name "Full Name" [--phone "+213 ..."]
 *                        (--admin | --vendor <vendor id or trade name>) [--password ...]
 *
 * Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR), applies
 * migrations, and creates the user. Without --password it asks on a terminal, or
 * generates one and prints it. Exit status: 0 created, 1 refused (duplicate email,
 * unknown vendor, database error), 2 bad usage.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';
import { createUser, DuplicateEmailError, UUID_PATTERN } from '../auth/users.ts';
import { configFromEnv } from '../config.ts';
import { openDatabase, type Database, type Queryable } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';

const USAGE = `Usage: npm run create-user -- --email <email> --name <name> [--phone <phone>]
                            (--admin | --vendor <vendor id or trade name>) [--password <password>]

  --admin      staff: sees and manages every vendor
  --vendor     vendor staff of that vendor (its id, or its trade name in any case)
  --password   at least ${MIN_PASSWORD_LENGTH} characters; when left out, asked for on a terminal,
               otherwise generated and printed
Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
With the embedded database, stop the server first: one process at a time may open it.`;

class UsageError extends Error {}
class Refused extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Options {
  email: string;
  name: string;
  phone: string | null;
  admin: boolean;
  vendor?: string;
  password?: string;
}

function parseOptions(argv: string[]): Options | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        phone: { type: 'string' },
        admin: { type: 'boolean', default: false },
        vendor: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const email = values.email?.trim() ?? '';
  const name = values.name?.trim() ?? '';
  const phone = values.phone?.trim() || null;
  const problems: string[] = [];
  if (!email) problems.push('--email is required.');
  else if (!EMAIL.test(email) || email.length > 254) problems.push(`--email "${email}" is not a valid email address.`);
  if (!name) problems.push('--name is required.');
  else if (name.length > 200) problems.push('--name is longer than 200 characters.');
  if (phone && phone.length > 32) problems.push('--phone is longer than 32 characters.');
  if (values.admin && values.vendor) problems.push('Give either --admin or --vendor, not both.');
  if (!values.admin && !values.vendor) problems.push('Give --admin (staff) or --vendor <vendor id or trade name> (vendor staff).');
  if (values.password !== undefined) problems.push(...passwordProblems(values.password));
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return { email, name, phone, admin: values.admin, vendor: values.vendor?.trim(), password: values.password };
}

function passwordProblems(password: string): string[] {
  if (password.length < MIN_PASSWORD_LENGTH) return [`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`];
  if (password.length > MAX_PASSWORD_LENGTH) return [`The password must have at most ${MAX_PASSWORD_LENGTH} characters.`];
  return [];
}

async function resolveVendor(q: Queryable, ref: string): Promise<string> {
  const { rows } = UUID_PATTERN.test(ref)
    ? await q.query<{ id: string; trade_name: string }>('SELECT id, trade_name FROM vendors WHERE id = $1', [ref])
    : await q.query<{ id: string; trade_name: string }>(
        'SELECT id, trade_name FROM vendors WHERE lower(trade_name) = lower($1) ORDER BY created_at',
        [ref],
      );
  if (rows.length === 1) return rows[0].id;
  if (rows.length > 1) {
    const list = rows.map((v) => `  ${v.id}  ${v.trade_name}`).join('\n');
    throw new Refused(`Several vendors are called "${ref}"; give one of their ids:\n${list}`);
  }
  const known = await q.query<{ id: string; trade_name: string }>('SELECT id, trade_name FROM vendors ORDER BY trade_name LIMIT 20');
  const list = known.rows.map((v) => `  ${v.id}  ${v.trade_name}`).join('\n');
  throw new Refused(`No vendor "${ref}".${list ? ` Vendors:\n${list}` : ' There are no vendors yet.'}`);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    let answer = '';
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new Refused('Cancelled.'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else if (char >= ' ') answer += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Where the command talks to; tests pass their own. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** Asks for a password on the terminal; undefined when there is none (generate one). */
  askPassword?: () => Promise<string>;
  openDatabase(): Promise<Database>;
}

async function askPassword(): Promise<string> {
  for (;;) {
    const first = await promptHidden('Password: ');
    const problems = passwordProblems(first);
    if (problems.length > 0) {
      console.error(problems[0]);
      continue;
    }
    if ((await promptHidden('Password again: ')) === first) return first;
    console.error('The passwords do not match.');
  }
}

const processIo: CommandIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  askPassword: process.stdin.isTTY && process.stdout.isTTY ? askPassword : undefined,
  async openDatabase() {
    const config = configFromEnv();
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(db);
    return db;
  },
};

/** Runs the command; resolves to the exit status. */
export async function createUserCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  try {
    const options = parseOptions(argv);
    if (options === 'help') {
      io.out(USAGE);
      return 0;
    }
    let password = options.password;
    let generated = false;
    if (password === undefined) {
      if (io.askPassword) password = await io.askPassword();
      else [password, generated] = [randomBytes(15).toString('base64url'), true];
    }
    const db = await io.openDatabase();
    try {
      const vendorId = options.vendor ? await resolveVendor(db, options.vendor) : null;
      const user = await createUser(db, { ...options, password, vendorId });
      const role = user.admin ? 'staff' : `vendor staff of ${options.vendor}`;
      io.out(`Created ${role} ${user.name} <${user.email}> (id ${user.id}).`);
      if (generated) io.out(`Password: ${password}\nKeep it somewhere safe: it is not shown again.`);
      return 0;
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(error instanceof Refused || error instanceof DuplicateEmailError ? error.message : `create-user failed: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await createUserCommand(process.argv.slice(2));
}

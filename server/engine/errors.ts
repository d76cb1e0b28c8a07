/** Database errors that bad input can cause, answered as 400 or 409 (never a 500). */
import { ApiError, badRequest, conflict } from '../errors.ts';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  column?: string;
  message?: string;
}

/** Turns a PostgreSQL error into an ApiError when input caused it; rethrows anything else. */
export function mapDbError(error: unknown, operation: 'write' | 'delete' = 'write'): never {
  if (error instanceof ApiError) throw error;
  const e = error as PgError;
  const code = typeof e?.code === 'string' ? e.code : '';
  const keyColumns = /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1]?.split(',').map((s) => s.trim().replace(/^(?:lower|upper)\((.*)\)$/, '$1'));
  if (code === '23505') {
    const fields = keyColumns ?? ['non_field_errors'];
    const field = fields[fields.length - 1];
    throw conflict(`A record with this ${fields.join(' and ')} already exists.`, { errors: { [field]: ['Already in use.'] } });
  }
  if (code === '23503' || code === '23001') {
    if (operation === 'delete') throw conflict('This record is still used by other records and cannot be deleted.');
    throw badRequest({ [keyColumns?.[0] ?? 'non_field_errors']: ['Not found.'] });
  }
  if (code === '23514' || code === '23502') {
    const field = e.column ?? /_(\w+?)_check$/.exec(e.constraint ?? '')?.[1] ?? 'non_field_errors';
    throw badRequest({ [field]: ['This value is not allowed.'] });
  }
  // Class 22: data exceptions (values out of range, invalid text or JSON, NUL bytes).
  if (code.startsWith('22')) throw badRequest({ non_field_errors: ['A value is out of range or not representable.'] });
  throw error;
}

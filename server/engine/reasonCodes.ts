/**
 * Coded reasons as the write routes check them: a code must be an active reason code of
 * the kind the field or the event takes, and a code that needs free text ("other") gets it.
 */
import type { ReasonKind } from '../../common/reasonKinds.ts';
import type { Queryable } from '../db/index.ts';

/** Field errors for `code` (in `codeField`) with its free text `text` (in `textField`); empty when they are fine. */
export async function reasonCodeErrors(
  q: Queryable,
  kind: ReasonKind,
  code: string,
  text: unknown,
  fields: { code: string; text: string },
): Promise<Record<string, string[]>> {
  const { rows } = await q.query<{ needs_free_text: boolean }>(
    'SELECT needs_free_text FROM reason_codes WHERE kind = $1 AND code = $2 AND active',
    [kind, code],
  );
  if (rows.length === 0) return { [fields.code]: [`Not a ${kind} reason code.`] };
  if (rows[0].needs_free_text && (typeof text !== 'string' || text.trim() === '')) return { [fields.text]: ['Say more about this reason.'] };
  return {};
}

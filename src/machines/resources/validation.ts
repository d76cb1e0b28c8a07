/**
 * The checks a form can make before sending, from the limits the server enforces (the
 * collection's description in common/collections.ts): required fields, lengths,
 * patterns and number ranges. The server checks everything again; these only spare the
 * user a round trip. Messages are message ids.
 */
export interface FieldLimits {
  type: string;
  format?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  itemMaxLength?: number;
  nullable?: boolean;
  required?: boolean;
}

export type Limits = Readonly<Record<string, FieldLimits>>;
export type FieldErrors = Record<string, string[]>;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function checkText(text: string, limits: FieldLimits, formatMessage: string): string | null {
  if (limits.maxLength !== undefined && text.length > limits.maxLength) return 'validation.tooLong';
  if (limits.minLength !== undefined && text.length < limits.minLength) return 'validation.required';
  if (limits.pattern !== undefined && !new RegExp(limits.pattern, 'u').test(text)) return formatMessage;
  return null;
}

/**
 * Errors of the fields a save would send: `values` holds every field the form shows (the
 * record merged with the draft), `changed` the names the user touched. A new record's
 * required fields are checked whether touched or not. `formatMessages` names the message
 * of a field whose pattern fails (a slug's rule, say).
 */
export function validateDraft(
  limits: Limits,
  values: Record<string, unknown>,
  changed: readonly string[],
  isNew: boolean,
  formatMessages: Readonly<Record<string, string>> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const names = new Set([...changed, ...(isNew ? Object.keys(limits).filter((n) => limits[n].required) : [])]);
  for (const name of names) {
    const field = limits[name];
    if (!field) continue;
    const value = values[name];
    const formatMessage = formatMessages[name] ?? 'validation.format';
    if (blank(value)) {
      if (field.required || (!field.nullable && field.type === 'string' && (field.minLength ?? 0) > 0)) add(name, 'validation.required');
      continue;
    }
    if (field.type === 'i18n') {
      const texts = value as Record<string, unknown>;
      if (field.required && blank(texts.en)) add(`${name}.en`, 'validation.required');
      for (const lang of ['en', 'fr', 'ar']) {
        const problem = typeof texts[lang] === 'string' ? checkText(texts[lang] as string, { ...field, minLength: undefined }, formatMessage) : null;
        if (problem) add(`${name}.${lang}`, problem);
      }
    } else if (field.type === 'string' && typeof value === 'string') {
      const problem = checkText(value, field, formatMessage);
      if (problem) add(name, problem);
      else if (field.enum && !field.enum.includes(value)) add(name, 'validation.format');
    } else if ((field.type === 'integer' || field.type === 'number') && typeof value === 'number') {
      if ((field.minimum !== undefined && value < field.minimum) || (field.maximum !== undefined && value > field.maximum)) add(name, 'validation.outOfRange');
      else if (field.type === 'integer' && !Number.isInteger(value)) add(name, 'validation.format');
    } else if (field.type === 'array' && Array.isArray(value)) {
      if (field.maxItems !== undefined && value.length > field.maxItems) add(name, 'validation.tooMany');
    }
  }
  return errors;
}

/**
 * Pure helpers for the errors a form shows at its fields. The server names a field by
 * its path (`title_i18n.fr`, `participants.adult`, `items.0.service_id`, sometimes with
 * slashes); a form shows each message at the field that holds that path.
 */

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

function segments(path: string): string[] {
  return path.replace(/^\//, '').split(/[./]/).filter((s) => s !== '');
}

/** The errors under `name`, keyed by the rest of their path ('' for `name` itself). */
export function errorsUnder(errors: FieldErrors, name: string): Record<string, string[]> {
  const prefix = segments(name);
  const found: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const parts = segments(path);
    if (parts.length < prefix.length || prefix.some((p, i) => parts[i] !== p)) continue;
    const rest = parts.slice(prefix.length).join('.');
    found[rest] = [...(found[rest] ?? []), ...messages];
  }
  return found;
}

/** Every message at `name` or below it, in one list (undefined when there is none). */
export function errorsAt(errors: FieldErrors, name: string): string[] | undefined {
  const all = Object.values(errorsUnder(errors, name)).flat();
  return all.length > 0 ? all : undefined;
}

/** The errors whose path starts with none of `names`: the form lists them at its top, so none is silent. */
export function errorsElsewhere(errors: FieldErrors, names: readonly string[]): [string, readonly string[]][] {
  const shown = names.map(segments);
  return Object.entries(errors).filter(([path]) => {
    const parts = segments(path);
    return !shown.some((prefix) => prefix.every((p, i) => parts[i] === p));
  });
}

/** The errors without those at `name` or below (the user changed that field). */
export function withoutErrorsAt(errors: FieldErrors, name: string): Record<string, string[]> {
  return Object.fromEntries(errorsElsewhere(errors, [name]).map(([path, messages]) => [path, [...messages]]));
}

/** Messages from the browser's own checks are message ids (`newBooking.customerRequired`); the server's are words. */
export function isMessageId(text: string): boolean {
  return /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(text);
}

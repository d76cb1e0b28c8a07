/** Pure rules of a list of tags: what a typed or pasted text adds, and what is ignored. */

export interface TagLimits {
  /** How many tags the list may hold. */
  maxTags: number;
  /** How long one tag may be, in characters. */
  maxLength: number;
}

/** One tag as stored: trimmed, inner runs of spaces made one, commas removed, cut at `maxLength`. */
export function normalizeTag(text: string, maxLength: number): string {
  return Array.from(text.replace(/[,،\s]+/g, ' ').trim()).slice(0, maxLength).join('').trim();
}

/** Two tags are the same when they differ only in case or Unicode composition. */
export function tagKey(tag: string): string {
  return tag.normalize('NFC').toLocaleLowerCase();
}

export interface AddResult {
  tags: string[];
  added: string[];
  /** Tags left out because the list already had them. */
  duplicates: string[];
  /** Tags left out because the list was full. */
  overflow: string[];
}

/** Adds the tags of `text` (several when it holds commas, Latin `,` or Arabic `،`) to `tags`. */
export function addTags(tags: readonly string[], text: string, limits: TagLimits): AddResult {
  const result: AddResult = { tags: [...tags], added: [], duplicates: [], overflow: [] };
  const seen = new Set(tags.map(tagKey));
  for (const piece of text.split(/[,،\n]/)) {
    const tag = normalizeTag(piece, limits.maxLength);
    if (tag === '') continue;
    if (seen.has(tagKey(tag))) result.duplicates.push(tag);
    else if (result.tags.length >= limits.maxTags) result.overflow.push(tag);
    else {
      seen.add(tagKey(tag));
      result.tags.push(tag);
      result.added.push(tag);
    }
  }
  return result;
}

export function removeTagAt(tags: readonly string[], index: number): string[] {
  return tags.filter((_, i) => i !== index);
}

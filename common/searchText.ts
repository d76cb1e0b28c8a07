/**
 * The text a search compares, the same on both sides of it: what an operator types and
 * what is searched. Small letters; Latin accents off (é -> e, ç -> c, ß -> ss); Arabic short
 * vowels and tatweel off; alef forms, alef maqsura, teh marbuta and hamza seats written one
 * way; Arabic-Indic digits as 0-9; punctuation and dashes as one space. The server's SQL
 * function `search_fold` (migration 153) does exactly this in the database; a test holds
 * the two together. Shared by the browser and the server: no dependencies.
 */

/** Each character of FOLD_FROM becomes the one at its place in FOLD_TO; those past its end go. */
export const FOLD_FROM =
  'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşșťţțùúûüūůűýÿźżžÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮİŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞȘŤŢȚÙÚÛÜŪŮŰÝŸŹŻŽأإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ًٌٍَُِّْٰـ';
export const FOLD_TO =
  'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssstttuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssstttuuuuuuuyyzzzاااايهوي01234567890123456789';
const MULTI: Record<string, string> = { ß: 'ss', œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae' };
/** Punctuation and dashes, as the SQL function lists them. */
const SEPARATORS = /[\s!-/:-@[-`{-~\u2010-\u2015\u2018\u2019\u201a\u201c\u201d\u201e\u00ab\u00bb\u00b7\u2026\u060c\u061b\u061f]+/g;

const TABLE = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, [...FOLD_TO][i] ?? '']));

export function searchFold(text: string): string {
  let out = '';
  for (const c of text) out += TABLE.get(c) ?? MULTI[c] ?? c;
  return out.toLowerCase().replace(SEPARATORS, ' ').trim();
}

/** The words of a search as typed, folded: in any order, punctuation and dashes only part them. */
export function searchTerms(text: string): string[] {
  return searchFold(text).split(' ').filter(Boolean);
}

/** Whether every word of `query` is found in one of `texts` (folded alike), in any order. */
export function matchesSearch(query: string, texts: readonly string[]): boolean {
  const words = searchTerms(query);
  const folded = texts.map(searchFold);
  return words.length > 0 && words.every((w) => folded.some((t) => t.includes(w)));
}

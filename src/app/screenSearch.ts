/**
 * The command palette's screens for what was typed: every word of it in the screen's name,
 * its area, its path or its other names (`palette.alias.<route>`: "payouts" finds the
 * screen that holds them), in any order, case, accents, punctuation and dashes aside, as
 * the server searches records (common/searchText.ts). Screens whose name holds every
 * word come first; otherwise the sidebar's order.
 */
import { matchesSearch } from '../../common/searchText.ts';

export interface ScreenOption {
  /** The screen's name in the user's language. */
  title: string;
  /** Its area's name. */
  area: string;
  path: string;
  /** Other names people call it by, in the user's language, comma-separated ('' when none). */
  aliases: string;
}

export function findScreens<S extends ScreenOption>(screens: readonly S[], query: string): S[] {
  if (query.trim() === '') return [...screens];
  const found = screens.filter((s) => matchesSearch(query, [s.title, s.area, s.path, s.aliases]));
  const byName = found.filter((s) => matchesSearch(query, [s.title]));
  return [...byName, ...found.filter((s) => !byName.includes(s))];
}

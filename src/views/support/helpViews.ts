/** What the help screens share: the table's row, the audiences and the new article's defaults. */

/**
 * Who an article is for; the same list as the API's (a unit test checks it). Not imported
 * from the domain's schemas, which would bring the schema library into the screen's chunk.
 */
export const HELP_AUDIENCES = ['staff', 'vendor', 'all'] as const;
export type HelpAudience = (typeof HELP_AUDIENCES)[number];

export interface HelpRow {
  id: string;
  version: number;
  slug: string;
  title_i18n: Record<string, string>;
  audience: HelpAudience;
  tags: string[];
  published: boolean;
  sort_order: number;
  updated_at: string;
}

/** The table's fields only: the bodies (up to 20,000 characters a language) stay on the server. */
export const HELP_FIELDS = ['slug', 'title_i18n', 'audience', 'tags', 'published', 'sort_order', 'updated_at'] as const satisfies readonly (keyof HelpRow)[];

export const HELP_DEFAULTS = {
  slug: '',
  title_i18n: { en: '', fr: '', ar: '' },
  body_i18n: { en: '', fr: '', ar: '' },
  audience: 'all' as HelpAudience,
  tags: [] as string[],
  published: true,
  sort_order: 0,
};

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_SORT_ORDER = 100_000;

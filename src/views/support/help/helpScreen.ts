/** The help screen as data: its collection, filters, the table's fields and the panels beside the list. */
import { helpArticles, type HelpArticlesRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

/** Staff edit an article beside the list (`?edit=<id>`, `?edit=new`); vendor staff read it (`?read=<id>`). */
export const NEW_ARTICLE = 'new';

export const helpScreen = defineListScreen({
  collection: helpArticles,
  searchLabel: 'help.searchLabel',
  filters: [
    { kind: 'enum', field: 'audience', label: 'help.audience', labelPrefix: 'helpAudience', staffOnly: true },
    { kind: 'boolean', field: 'published', label: 'help.status', labelPrefix: 'helpPublished', staffOnly: true },
  ],
  defaultOrdering: 'sort_order',
  // The bodies (up to 20,000 characters a language) stay on the server.
  fields: ['slug', 'title_i18n', 'audience', 'tags', 'published', 'sort_order', 'updated_at'],
  panels: ['edit', 'read'],
});

export type HelpRow = Pick<HelpArticlesRecord, 'id' | 'version' | 'slug' | 'title_i18n' | 'audience' | 'tags' | 'published' | 'sort_order' | 'updated_at'>;

export const HELP_DEFAULTS = {
  slug: '',
  title_i18n: { en: '', fr: '', ar: '' },
  body_i18n: { en: '', fr: '', ar: '' },
  audience: 'all',
  tags: [] as string[],
  published: true,
  sort_order: 0,
} satisfies Partial<HelpArticlesRecord>;

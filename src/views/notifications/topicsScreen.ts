/** The topics list as data, and the panels beside it (`?topic=<id>` its subscribers, `?edit=<id|new>` its editor). */
import { topics, type TopicsRecord } from '../../../common/collections.ts';
import { defineListScreen } from '../ui/listScreen.ts';

export const NEW_TOPIC = 'new';

export const topicsScreen = defineListScreen({
  collection: topics,
  searchLabel: 'notifTopics.searchLabel',
  filters: [],
  defaultOrdering: 'key',
  fields: ['key', 'name_i18n', 'description', 'subscribers_count', 'updated_at'],
  panels: ['topic', 'edit'],
});

export type TopicRow = Pick<TopicsRecord, 'id' | 'version' | 'key' | 'name_i18n' | 'description' | 'subscribers_count' | 'updated_at'>;

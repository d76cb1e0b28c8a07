/** Media: uploaded images of records and the branding, stored under DATA_DIR and served resized. */
import type { Area } from '../engine/area.ts';
import { mediaHooks } from './hooks.ts';
import { MediaReorderInput, registerMedia } from './routes.ts';

export const mediaArea: Area = {
  name: 'media',
  hooks: { media: mediaHooks },
  register: registerMedia,
  apiDoc: { schemas: { MediaReorderInput } },
};

export { storeDemoImages } from './demoImages.ts';
export { registerMediaStorage } from './storage.ts';

import { setup } from 'xstate';
import type { LifecycleContext, LifecycleEvent } from './context.ts';

/** Publishing of services (and adventures). Events: publish, unpublish, archive, restore. */
export const publishingLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'publish' | 'unpublish' | 'archive' | 'restore' },
  },
}).createMachine({
  id: 'servicePublishing',
  description: 'Whether a service is visible to customers.',
  context: ({ input }) => input,
  initial: 'draft',
  states: {
    draft: { on: { publish: { target: 'published' } } },
    published: {
      on: {
        archive: { target: 'archived' },
        unpublish: { target: 'draft' },
      },
    },
    archived: { on: { restore: { target: 'draft' } } },
  },
});

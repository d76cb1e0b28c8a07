import { useEffect } from 'react';
import { navigationActor } from './actors.ts';

/**
 * A page says when its code and data are ready; the navigation machine then shows it
 * (no sooner than its minimum pending time) and completes the progress bar.
 */
export function usePageReady(ready = true): void {
  useEffect(() => {
    if (ready) navigationActor.send({ type: 'page.ready' });
  }, [ready]);
}

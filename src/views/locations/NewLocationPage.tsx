import { useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { LocationEditor } from './LocationEditor.tsx';

/** A new location on a page of its own: the map needs the room. Saved, it joins the list. */
export function NewLocationPage({ route }: PageProps) {
  const [, navigate] = useLocation();
  usePageReady(true);
  return (
    <PageFrame route={route}>
      <div className="location-page">
        <LocationEditor id={null} onClose={() => navigate(pathOf(routeByKey('locations')))} />
      </div>
    </PageFrame>
  );
}

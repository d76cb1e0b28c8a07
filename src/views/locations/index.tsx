/** The locations area: one lazy chunk for its screens (Leaflet is a further chunk, loaded with a map). */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { AddLocationPage } from './AddLocationPage.tsx';
import { LocationsPage } from './LocationsPage.tsx';

export default function LocationsArea(props: PageProps) {
  switch (props.route.key) {
    case 'locations':
      return <LocationsPage {...props} />;
    case 'addLocation':
      return <AddLocationPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

/** The locations area: one lazy chunk for its screens (Leaflet is a further chunk, loaded with a map). */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { NewLocationPage } from './NewLocationPage.tsx';
import { LocationListPage } from './LocationListPage.tsx';

export default function LocationsArea(props: PageProps) {
  switch (props.route.key) {
    case 'locations':
      return <LocationListPage {...props} />;
    case 'addLocation':
      return <NewLocationPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

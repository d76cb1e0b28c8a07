/** The services area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { AdrenalinePage } from './adrenaline/AdrenalinePage.tsx';
import { PersonalServicesPage } from './personal/PersonalServicesPage.tsx';
import { PriceRulesPage } from './prices/PriceRulesPage.tsx';
import { NewServicePage } from './NewServicePage.tsx';
import { ServiceListPage } from './ServiceListPage.tsx';
import { NEW_SERVICE_ID } from './servicePage.ts';
import { ServicePage } from './ServicePage.tsx';
import { TaxonomyPage } from '../catalog/taxonomy/TaxonomyPage.tsx';

export default function ServicesArea(props: PageProps) {
  switch (props.route.key) {
    case 'servicesList':
      return <ServiceListPage {...props} />;
    case 'serviceDetail':
      if (props.params.id === NEW_SERVICE_ID) return <NewServicePage {...props} />;
      return props.params.id ? <ServicePage key={props.params.id} {...props} /> : <ServiceListPage {...props} />;
    case 'servicesAmenities':
      return <TaxonomyPage {...props} kind="amenities" />;
    case 'servicesInterests':
      return <TaxonomyPage {...props} kind="interests" />;
    case 'servicesPrice':
      return <PriceRulesPage {...props} />;
    case 'servicesAdrenaline':
      return <AdrenalinePage {...props} />;
    case 'servicesPersonal':
      return <PersonalServicesPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

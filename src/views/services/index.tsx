/** The services area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { AdrenalineListPage } from './adrenaline/AdrenalineListPage.tsx';
import { PersonalServiceListPage } from './personal/PersonalServiceListPage.tsx';
import { PriceRuleListPage } from './prices/PriceRuleListPage.tsx';
import { NewServicePage } from './NewServicePage.tsx';
import { ServiceListPage } from './ServiceListPage.tsx';
import { NEW_SERVICE_ID } from './servicePage.ts';
import { ServiceDetailPage } from './ServiceDetailPage.tsx';
import { TaxonomyPage } from '../catalog/taxonomy/TaxonomyPage.tsx';

export default function ServicesArea(props: PageProps) {
  switch (props.route.key) {
    case 'servicesList':
      return <ServiceListPage {...props} />;
    case 'serviceDetail':
      if (props.params.id === NEW_SERVICE_ID) return <NewServicePage {...props} />;
      return props.params.id ? <ServiceDetailPage key={props.params.id} {...props} /> : <ServiceListPage {...props} />;
    case 'servicesAmenities':
      return <TaxonomyPage {...props} kind="amenities" />;
    case 'servicesInterests':
      return <TaxonomyPage {...props} kind="interests" />;
    case 'servicesPrice':
      return <PriceRuleListPage {...props} />;
    case 'servicesAdrenaline':
      return <AdrenalineListPage {...props} />;
    case 'servicesPersonal':
      return <PersonalServiceListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

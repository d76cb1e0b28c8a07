/** The vendors area (the vendors list and a vendor's page): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { VendorListPage } from './VendorListPage.tsx';
import { VendorDetailPage } from './VendorDetailPage.tsx';

export default function VendorsArea(props: PageProps) {
  switch (props.route.key) {
    case 'vendors':
      return <VendorListPage {...props} />;
    case 'vendorDetail':
      return props.params.id ? <VendorDetailPage key={props.params.id} {...props} /> : <VendorListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

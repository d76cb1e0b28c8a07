/** The vendors area (the vendors list and a vendor's page): one lazy chunk for its screens. */
import type { PageProps } from '../../app/pages.tsx';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';

export default function VendorsArea(props: PageProps) {
  switch (props.route.key) {
    default:
      return <PlaceholderPage {...props} />;
  }
}

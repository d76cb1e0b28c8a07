/** The catalog area (categories, adventures, gallery): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { AdventureListPage } from './adventures/AdventureListPage.tsx';
import { GalleryPage } from './gallery/GalleryPage.tsx';
import { TaxonomyPage } from './taxonomy/TaxonomyPage.tsx';

export default function CatalogArea(props: PageProps) {
  switch (props.route.key) {
    case 'categories':
      return <TaxonomyPage {...props} kind="categories" />;
    case 'subcategories':
      return <TaxonomyPage {...props} kind="subcategories" />;
    case 'adventures':
      return <AdventureListPage {...props} />;
    case 'gallery':
      return <GalleryPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

/** The promotions area (coupons, discounts, deals): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { DealListPage } from './DealListPage.tsx';
import { PromotionListPage } from './PromotionListPage.tsx';

export default function PromotionsArea(props: PageProps) {
  switch (props.route.key) {
    case 'coupons':
      return <PromotionListPage key="coupons" {...props} resource="coupons" />;
    case 'discount':
      return <PromotionListPage key="discounts" {...props} resource="discounts" />;
    case 'deals':
      return <DealListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

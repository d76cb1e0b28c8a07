/** The promotions area (coupons, discounts, deals): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { DealPage } from './DealPage.tsx';
import { PromotionPage } from './PromotionPage.tsx';

export default function PromotionsArea(props: PageProps) {
  switch (props.route.key) {
    case 'coupons':
      return <PromotionPage key="coupons" {...props} resource="coupons" />;
    case 'discount':
      return <PromotionPage key="discounts" {...props} resource="discounts" />;
    case 'deals':
      return <DealPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

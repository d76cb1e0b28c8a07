/** The customers area (customers, their page, reviews, loyalty, wallet): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { LoyaltyPage, WalletPage } from './ledgers/LedgerPage.tsx';
import { LoyaltyRulesPage } from './ledgers/LoyaltyRulesPage.tsx';
import { CustomerPage } from './detail/CustomerPage.tsx';
import { CustomerListPage } from './list/CustomerListPage.tsx';
import { ReviewsPage } from './reviews/ReviewsPage.tsx';

export default function CustomersArea(props: PageProps) {
  switch (props.route.key) {
    case 'customersList':
      return <CustomerListPage {...props} />;
    case 'customerDetail':
      return props.params.id ? <CustomerPage key={props.params.id} {...props} /> : <CustomerListPage {...props} />;
    case 'customersReviews':
      return <ReviewsPage {...props} />;
    case 'customersWallet':
      return <WalletPage {...props} />;
    case 'customersLoyalty':
      return <LoyaltyPage {...props} />;
    case 'loyalty':
      return <LoyaltyRulesPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

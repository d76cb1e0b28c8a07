/** The customers area (customers, their page, reviews, loyalty, wallet): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { LoyaltyListPage, WalletListPage } from './ledgers/LedgerPage.tsx';
import { LoyaltyRulesPage } from './ledgers/LoyaltyRulesPage.tsx';
import { CustomerDetailPage } from './detail/CustomerDetailPage.tsx';
import { CustomerListPage } from './list/CustomerListPage.tsx';
import { ReviewListPage } from './reviews/ReviewListPage.tsx';

export default function CustomersArea(props: PageProps) {
  switch (props.route.key) {
    case 'customersList':
      return <CustomerListPage {...props} />;
    case 'customerDetail':
      return props.params.id ? <CustomerDetailPage key={props.params.id} {...props} /> : <CustomerListPage {...props} />;
    case 'customersReviews':
      return <ReviewListPage {...props} />;
    case 'customersWallet':
      return <WalletListPage {...props} />;
    case 'customersLoyalty':
      return <LoyaltyListPage {...props} />;
    case 'loyalty':
      return <LoyaltyRulesPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

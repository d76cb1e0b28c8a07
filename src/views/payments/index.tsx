/** The payments area (payments, payment links, splits and payouts): one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { PayoutsPage } from './payouts/PayoutsPage.tsx';
import { PaymentDetailPage } from './detail/PaymentDetailPage.tsx';
import { InvitationListPage } from './invitations/InvitationListPage.tsx';
import { PaymentListPage } from './list/PaymentListPage.tsx';

export default function PaymentsArea(props: PageProps) {
  switch (props.route.key) {
    case 'paymentsList':
      return <PaymentListPage {...props} />;
    case 'paymentDetail':
      return props.params.id ? <PaymentDetailPage key={props.params.id} {...props} /> : <PaymentListPage {...props} />;
    case 'paymentsInvitations':
      return <InvitationListPage {...props} />;
    case 'paymentsSplit':
    case 'payouts':
      return <PayoutsPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

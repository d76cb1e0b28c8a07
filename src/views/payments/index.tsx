/** The payments area (payments, payment links, splits and payouts): one lazy chunk for its screens. */
import type { PageProps } from '../../app/pages.tsx';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { InvitationListPage } from './invitations/InvitationListPage.tsx';

export default function PaymentsArea(props: PageProps) {
  switch (props.route.key) {
    case 'paymentsInvitations':
      return <InvitationListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

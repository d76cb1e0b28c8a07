/** The messages area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { InboxPage } from './InboxPage.tsx';

export default function MessagesArea(props: PageProps) {
  switch (props.route.key) {
    case 'messages':
      return <InboxPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

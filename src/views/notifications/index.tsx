/** The notifications area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { ComposerPage } from './ComposerPage.tsx';
import { NotificationDetailPage } from './NotificationDetailPage.tsx';
import { NotificationListPage } from './NotificationListPage.tsx';
import { TopicListPage } from './TopicListPage.tsx';

export default function NotificationsArea(props: PageProps) {
  switch (props.route.key) {
    case 'notifications':
      return <NotificationListPage {...props} />;
    case 'notificationsSend':
      return <ComposerPage {...props} />;
    case 'notificationsTopic':
      return <TopicListPage {...props} />;
    case 'notificationDetail':
      return <NotificationDetailPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

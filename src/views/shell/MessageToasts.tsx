import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { toast } from 'sonner';
import { useLocation } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';

/**
 * A customer's new message announces itself to its assignee, wherever they are in the
 * app, with a way to open the conversation. Nothing is drawn otherwise.
 */
export function MessageToasts() {
  const intl = useIntl();
  const userId = useSelector(sessionActor, (s) => s.context.user?.id);
  const [, navigate] = useLocation();
  useRealtimeEvents((event) => {
    const payload = event.payload ?? {};
    if (event.action !== 'create' || payload.author_type !== 'customer' || !userId || payload.assignee_id !== userId) return;
    const conversation = String(payload.conversation_id);
    toast(intl.formatMessage({ id: 'inbox.toast' }), {
      id: `message-${event.id}`,
      description: String(payload.preview ?? ''),
      action: {
        label: intl.formatMessage({ id: 'inbox.toastOpen' }),
        onClick: () => navigate(`${pathOf(routeByKey('messages'))}?c=${encodeURIComponent(conversation)}`),
      },
    });
  }, { type: 'message' });
  return null;
}

/** The support area: one lazy chunk for its screens (help articles, tickets, chatbot requests). */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { ChatbotListPage } from './chatbot/ChatbotListPage.tsx';
import { ChatbotRequestDetailPage } from './chatbot/ChatbotRequestDetailPage.tsx';
import { HelpListPage } from './help/HelpListPage.tsx';
import { TicketListPage } from './tickets/TicketListPage.tsx';
import { TicketDetailPage } from './tickets/TicketDetailPage.tsx';

export default function SupportArea(props: PageProps) {
  switch (props.route.key) {
    case 'help':
      return <HelpListPage {...props} />;
    case 'support':
      return <TicketListPage {...props} />;
    case 'ticketDetail':
      return <TicketDetailPage {...props} />;
    case 'chatbotRequests':
      return <ChatbotListPage {...props} />;
    case 'chatbotRequestDetail':
      return <ChatbotRequestDetailPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

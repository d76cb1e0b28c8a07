/** The support area: one lazy chunk for its screens (help articles, tickets, chatbot requests). */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { ChatbotListPage } from './chatbot/ChatbotListPage.tsx';
import { ChatbotRequestPage } from './chatbot/ChatbotRequestPage.tsx';
import { HelpPage } from './help/HelpPage.tsx';
import { TicketListPage } from './tickets/TicketListPage.tsx';
import { TicketPage } from './tickets/TicketPage.tsx';

export default function SupportArea(props: PageProps) {
  switch (props.route.key) {
    case 'help':
      return <HelpPage {...props} />;
    case 'support':
      return <TicketListPage {...props} />;
    case 'ticketDetail':
      return <TicketPage {...props} />;
    case 'chatbotRequests':
      return <ChatbotListPage {...props} />;
    case 'chatbotRequestDetail':
      return <ChatbotRequestPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}

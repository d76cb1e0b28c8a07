/** Support: tickets' messages, and chatbot conversations escalated to a ticket. */
import type { Area } from '../engine/area.ts';
import { chatbotHooks } from './chatbot.ts';
import { registerTicketMessages } from './tickets.ts';

export const supportArea: Area = { name: 'support', hooks: { 'chatbot-requests': chatbotHooks }, register: registerTicketMessages };

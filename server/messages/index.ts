/**
 * The inbox: conversations and their messages beyond the generic routes, saved replies,
 * and what customers write through the customer app (the channel).
 */
import type { Area } from '../engine/area.ts';
import { channelSecret, registerChannel } from './channel.ts';
import { registerMessages } from './messages.ts';

export const messagesArea: Area = {
  name: 'messages',
  register(app) {
    registerMessages(app);
    registerChannel(app, channelSecret(process.env, app.config.production));
  },
};

export { publishMessageEvent, touchConversation } from './messages.ts';

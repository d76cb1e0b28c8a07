/**
 * The act-as actor of the running app (src/machines/actAs.ts), beside the session it
 * drives. Imported only by lazy chunks (the shell's banner, the vendor page's button), so
 * the login page carries none of it.
 */
import { createActor } from 'xstate';
import { actAsMachine } from '../machines/actAs.ts';
import { sessionActor } from './actors.ts';

export const actAsActor = createActor(actAsMachine, { input: { session: sessionActor } });
actAsActor.start();

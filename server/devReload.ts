/**
 * Development only (DEV_RELOAD=1, set by `npm run dev`): an event stream that tells open
 * pages to reload when dist/ changes. A page also reloads when the stream reconnects,
 * which is what a server restart looks like from the browser.
 */
import type { FastifyInstance } from 'fastify';
import { watch } from 'node:fs';

export function registerDevReload(app: FastifyInstance, distDir: string) {
  const clients = new Set<import('node:http').ServerResponse>();
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(distDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const res of clients) res.write('data: reload\n\n');
    }, 150);
  });
  app.addHook('onClose', async () => {
    watcher.close();
    for (const res of clients) res.end();
  });
  app.get('/__dev/reload', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    clients.add(reply.raw);
    request.raw.on('close', () => clients.delete(reply.raw));
  });
}

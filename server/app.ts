/**
 * buildApp(config, db) -> a Fastify instance serving the branch API under /branch/api/
 * and, when config.distDir is set, the built SPA. Tests call it with an in-memory
 * database and use `app.inject`; server/main.ts calls it and listens.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync } from 'node:fs';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { registerDevReload } from './devReload.ts';
import { ApiError, validationErrorBody } from './errors.ts';
import { registerErrorLanguage } from './errorLanguage.ts';
import { API_DOC, HOOKS, registerAreas } from './areas.ts';
import { closeProviders } from './notifications/index.ts';
import { authPlugin } from './auth/index.ts';
import { registerEngine } from './engine/index.ts';
import { registerMapTiles } from './mapTiles.ts';
import { registerMediaStorage } from './media/index.ts';
import { addWebUrlFormat, boundDateFormats, compileOnFirstUse, limitJsonDepth, type LazyValidator, rejectUnstorableQuery } from './input.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Compiles every route's request validators now; returns how many there are. */
    compileValidators(): number;
  }
}

export const API_PREFIX = '/branch/api';

export async function buildApp(config: Config, db: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.decorate('config', config);
  app.decorate('db', db);

  // Bodies are validated as sent: unknown fields are errors, not silently dropped, and
  // nothing is coerced. Query strings and path params arrive as text, so they coerce.
  const bodyAjv = addFormats.default(new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: false, useDefaults: true, strict: false }));
  const textAjv = addFormats.default(new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true, strict: false }));
  boundDateFormats(bodyAjv);
  boundDateFormats(textAjv);
  addWebUrlFormat(bodyAjv, config.production);
  addWebUrlFormat(textAjv, config.production);
  // Each route's validator compiles when the route is first called, not at start: the
  // API's ~400 schemas take seconds of CPU to compile and most instances (each test file's
  // app, a restarted server) call few routes. tests/api/health.test.ts compiles them all.
  const validators: LazyValidator[] = [];
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validator = compileOnFirstUse(() => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
    validators.push(validator);
    return validator;
  });
  app.decorate('compileValidators', () => {
    for (const validator of validators) validator.compile();
    return validators.length;
  });

  // Odd input is a 400 before any route sees it (server/input.ts).
  limitJsonDepth(app);
  app.addHook('preValidation', rejectUnstorableQuery);
  // Error messages in the request's language (server/errorLanguage.ts).
  registerErrorLanguage(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.body);
    }
    if (error.validation) {
      return reply.status(400).send(validationErrorBody(error.validation, error.validationContext));
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error(error);
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  // Before helmet's own hook, so the policy below names the map tiles' current origin.
  registerMapTiles(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and dialogs set inline styles from script; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The location form's map tiles come from the server the `map` settings name.
        imgSrc: ["'self'", 'data:', 'blob:', () => app.mapTiles.origin()],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The SPA is served over plain HTTP on localhost in development.
    hsts: config.production,
  });
  // A list page is 10-100 KB of JSON: compressed in one call, not through a zlib stream
  // per response, which costs more than the compression itself (measured with
  // `npm run bench -- bookings-list`). Streams (CSV exports) still stream.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, syncThreshold: 256 * 1024, brotliOptions: { params: { 1: 4 } } });
  // app.authenticate and requireStaff (server/auth/plugin.ts) guard every other API route.
  await app.register(authPlugin);
  // Uploaded images (server/media/), kept under DATA_DIR; routes and hooks share them.
  await registerMediaStorage(app);
  // Every collection's hooks, as the areas compose them (server/areas.ts). On the root
  // instance, so jobs and tests that hold the app reach them too (server/engine/hooks.ts).
  app.decorate('collectionHooks', HOOKS);
  // Jobs and tests send through the root instance's providers; their connections close with it.
  app.addHook('onClose', async () => closeProviders(app));
  // The API: the engine's generic routes for every collection of the registry, with those
  // hooks (server/engine/), then each area's own routes (login, payment links, ...).
  await app.register(async (api) => {
    await registerEngine(api, { hooks: HOOKS, apiDoc: API_DOC });
    await registerAreas(api);
  });

  app.get(`${API_PREFIX}/health`, async () => {
    await db.query('SELECT 1');
    return { status: 'ok', database: db.kind, version: config.version };
  });

  if (config.distDir && existsSync(config.distDir)) {
    await serveSpa(app, config.distDir);
    if (process.env.DEV_RELOAD === '1') registerDevReload(app, config.distDir);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith(API_PREFIX + '/') || path === API_PREFIX;
    if (!isApi && config.distDir && (request.method === 'GET' || request.method === 'HEAD') && !isAssetPath(path)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ detail: 'Not found' });
  });

  return app;
}

/** Asset requests (hashed bundles, files with an extension) get a 404, never the SPA. */
function isAssetPath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');
}

function sendIndex(reply: import('fastify').FastifyReply) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}

async function serveSpa(app: FastifyInstance, distDir: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    // Build metadata lists every source path: never served, even from a dist/ built
    // before the build wrote it elsewhere (.build/).
    allowedPath: (path: string) => !path.endsWith('/metafile.json'),
    setHeaders(response: SetHeadersResponse, path: string) {
      // Hashed names never change content: cache them for a year. Everything else
      // (index.html, sw.js, manifest) is revalidated on every load.
      response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The static plugin answers the bare root as a directory: 403 to a request that accepts
  // no pre-compressed copy (a health check, curl). The root is the app, whatever the encodings.
  app.get('/', (_request, reply) => sendIndex(reply));
  // A payment link's public page: its own small HTML and script, none of the app's.
  app.get('/pay/:token', (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('pay.html'));
  // An invited vendor user's set-password page: the same kind of small page of its own.
  for (const path of ['/set-password/:token', '/fr/set-password/:token', '/ar/set-password/:token']) {
    app.get(path, (_request, reply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').sendFile('set-password.html'));
  }
}

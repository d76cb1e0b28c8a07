/** Where the domain plugs special cases into the generic routes (money rules, scoping). */
import type { FastifyInstance } from 'fastify';
import type { LifecycleSettings } from '../../common/lifecycles/context.ts';
import type { Queryable } from '../db/index.ts';
import type { Actor } from './actor.ts';
import type { Row } from './records.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every collection's hooks (server/areas.ts), decorated once the routes are
     * registered. Domain code that moves another collection's record (a refund cancelling
     * its booking, a template sending its notification) reads them here through `hooksOf`
     * instead of importing the table, which imports that code back.
     */
    collectionHooks: Readonly<Record<string, CollectionHooks>>;
  }
}

/** The hooks of a collection, from the app the write runs in. */
export const hooksOf = (ctx: { app: FastifyInstance }, collection: string): CollectionHooks => ctx.app.collectionHooks[collection] ?? {};

export interface WriteContext {
  tx: Queryable;
  actor: Actor;
  app: FastifyInstance;
  /** ISO instant of the request. */
  now: string;
}

export interface TransitionPayload {
  event: string;
  reason?: string;
  reason_code?: string;
  scheduled_at?: string;
  note?: string;
}

export interface CollectionHooks {
  /** Replaces the generic insert (access, vendor, references and checks already done). */
  create?(ctx: WriteContext, body: Row, vendorId: string | null): Promise<Row>;
  /** Adjusts the column values of a generic insert. */
  beforeInsert?(ctx: WriteContext, values: Row): Promise<void>;
  /** Adjusts (or refuses) the changes of a PATCH; `before` is locked. */
  beforeUpdate?(ctx: WriteContext, before: Row, changes: Row): Promise<void>;
  /** Replaces the generic update. */
  update?(ctx: WriteContext, before: Row, changes: Row): Promise<Row>;
  beforeDelete?(ctx: WriteContext, record: Row): Promise<void>;
  /**
   * Side effects of a transition, keyed by event, run before the status is written;
   * they may refuse (throw) and return extra column changes for the record.
   */
  /** `role` is who the transition is judged for: `system` when the server itself moves the record (a template's notification). */
  transitions?: Record<string, (ctx: WriteContext, record: Row, next: string, payload: TransitionPayload, role: 'staff' | 'vendor' | 'system') => Promise<Row | void>>;
  /** The business settings the chart's guards read (the check-in window), loaded before a transition is judged. */
  lifecycleSettings?(ctx: WriteContext): Promise<LifecycleSettings>;
  /** Runs after the status of a record changed (any event). */
  afterTransition?(ctx: WriteContext, before: Row, after: Row, payload: TransitionPayload): Promise<void>;
  /** Adds fields computed when records are read (list and record), e.g. a combo's price as an amount. */
  present?(ctx: { tx: Queryable; now: string; actor?: Actor }, records: Row[]): Promise<Row[]>;
}

import type { z } from 'zod';
import type { Db, Tx } from '../db/types';

/** A kind of event and the shape of its payload, declared by the family that publishes it. */
export interface Topic<T> {
  name: string;
  schema: z.ZodType<T>;
}

export function defineTopic<T>(name: string, schema: z.ZodType<T>): Topic<T> {
  if (!/^[a-z][\w-]*\.[\w.-]+$/.test(name)) throw new Error(`a topic is named <family>.<what happened>, e.g. "versions.released": got "${name}"`);
  return { name, schema };
}

export interface DeliveredEvent<T> {
  id: number;
  topic: string;
  key: string;
  payload: T;
  createdAt: Date;
  /** 1 on the first delivery, more on retries. */
  attempt: number;
}

/**
 * A family's handler of a topic. It runs in a transaction (a savepoint) that also marks
 * the delivery done, so what it writes to the database happens exactly once; anything
 * else it does (mail, HTTP) may happen again on a retry, and must tolerate that.
 */
export interface Subscription<T = unknown> {
  /** Unique and stable: the subscriber's deliveries are kept under it. */
  name: string;
  topic: Topic<T>;
  handle(event: DeliveredEvent<T>, tx: Tx): Promise<void>;
  /** Attempts before the event becomes a dead letter (default 5). */
  maxAttempts?: number;
  /**
   * Only some scopes (projects) want this topic: deliveries are written for events of those
   * alone, and `hasSubscribers(topic, scope)` says no for the rest, so a busy write path
   * nobody listens to in that project publishes nothing. `wanted` lists the scopes; the
   * family publishes on `changed` (pub/sub) when the list may have changed.
   */
  interest?: { scopeOf(payload: T): string; wanted(db: Db): Promise<string[]>; changed: string };
}

/** Declares a subscription with its payload's type checked against the topic. */
export const subscribe = <T>(s: Subscription<T>): Subscription<T> => s;

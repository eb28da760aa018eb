import type { FastifyBaseLogger } from 'fastify';
import type { LiveEntity } from '@um/contract';
import type { DatabaseConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { createMemoryBus } from './memory-bus.js';
import { createPostgresBus } from './postgres-bus.js';

/**
 * One committed change, as small as it travels between processes: what kind of record, and,
 * when only one person's view of it changed (their read state), whose.
 */
export interface LiveChange {
  entity: LiveEntity;
  userId?: number;
}

export type LiveListener = (change: LiveChange) => void;

/**
 * The access of one person has changed: every session of theirs, or only `sessionId` (a
 * refresh family). Whatever ended it (a logout, a password change or reset, a replayed refresh
 * token, a deactivation), it is already committed when this is published, so each of their
 * event streams asks the access check again and ends if it now fails.
 */
export interface AccessChange {
  userId: number;
  sessionId?: string;
}

/**
 * What an access listener hears: one person's change, or `everyone` when the bus cannot know
 * what it missed (its connection to the other processes was lost for a while).
 */
export type AccessListener = (change: AccessChange | 'everyone') => void;

/**
 * Carries committed changes to every event stream of every API process. Publishing never
 * throws and never waits for delivery: a change is already committed when it is published,
 * and a write's answer must not depend on who is listening.
 */
export interface EventBus {
  publish(change: LiveChange): void;
  /** Calls `listener` for every change published by this process or another; returns the undo. */
  subscribe(listener: LiveListener): () => void;
  /** Tells every process that a person's access has changed (see AccessChange). */
  publishAccessChange(change: AccessChange): void;
  /** Calls `listener` for every access change of this process or another; returns the undo. */
  subscribeAccessChanges(listener: AccessListener): () => void;
  /** Resolves once the bus has first tried to reach its transport (always for the memory bus). */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

/** In memory for SQLite (one process); PostgreSQL LISTEN/NOTIFY for PostgreSQL (any number). */
export function createEventBus(config: DatabaseConfig, db: Db, log: FastifyBaseLogger): EventBus {
  if (config.dialect === 'sqlite') return createMemoryBus();
  return createPostgresBus({ url: config.url, schema: config.schema, db, log });
}

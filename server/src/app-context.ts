import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { EventBus } from './events/bus.js';
import type { Mailer } from './mail/mailer.js';

export type App = FastifyInstance;

/** The app as feature routes see it: schemas are zod, and types flow from them. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every feature's routes receive: the configuration and the shared resources. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Committed changes of records and of access, to every event stream of every process. */
  bus: EventBus;
}

// The ceiling of `npm run bench`: the same Fastify the product runs, answering a tiny JSON
// object with nothing else in the way (no logging, hooks, validation or database). What the
// product reaches is reported as a share of what this reaches on the same machine, same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
await app.listen({ host: '127.0.0.1', port });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));

import Fastify from 'fastify';

/** The HTTP ceiling: a bare Fastify hello-world with default settings. Run as its own process; prints its port. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

import Fastify from 'fastify';

/** The baseline: a bare Fastify route, no plugins, no database. */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

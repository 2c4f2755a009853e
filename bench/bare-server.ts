// The baseline: a bare Fastify hello-world on the same machine, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health/live', async () => ({ status: 'ok', uptime: Math.round(process.uptime()) }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

// The baseline: a bare Fastify process with the portal's two measured routes and nothing else.
import Fastify from 'fastify';

const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{"items":[],"staging":false}');
const app = Fastify({ logger: false });
app.get('/api/healthcheck', async () => ({ ok: true }));
app.get('/api/shell/menu', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

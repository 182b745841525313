// The floor under a chat question: a bare Fastify process doing the same I/O as the portal's
// askstream and nothing else. One statement before the model is asked (the credit hold, the
// question's row and the answer's row), the model's Chat Completions stream read over node:http
// and passed on as text, one statement after it (the answer's text and the settlement). No access
// rule, schema, logger, ledger rules, history or title: what is left is Node's HTTP in and out,
// the HTTP client, the driver and two round trips to PostgreSQL, which no portal can avoid.
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const upstream = new URL(`${process.env.UPSTREAM_URL}/chat/completions`);
const agent = new http.Agent({ keepAlive: true });

await pool.query(`CREATE TABLE IF NOT EXISTS bare_balance (user_id text PRIMARY KEY, balance numeric NOT NULL, held numeric NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS bare_message (id bigserial PRIMARY KEY, user_id text NOT NULL, session_id text NOT NULL, role text NOT NULL, text text NOT NULL DEFAULT '', cost numeric, created_at timestamptz NOT NULL DEFAULT now());`);

const OPEN = `WITH hold AS (
  INSERT INTO bare_balance (user_id, balance, held) VALUES ($1, 1000, $4) ON CONFLICT (user_id)
  DO UPDATE SET held = bare_balance.held + $4 WHERE bare_balance.balance - bare_balance.held >= $4 RETURNING held
), question AS (
  INSERT INTO bare_message (user_id, session_id, role, text) SELECT $1, $2, 'user', $3 FROM hold RETURNING id
)
INSERT INTO bare_message (user_id, session_id, role) SELECT $1, $2, 'assistant' FROM question RETURNING id`;
const CLOSE = `WITH answer AS (UPDATE bare_message SET text = $2, cost = $3 WHERE id = $1 RETURNING user_id)
UPDATE bare_balance SET held = held - $4, balance = balance - $3 FROM answer WHERE bare_balance.user_id = answer.user_id`;

function ask(body: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(upstream, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench', 'content-length': Buffer.byteLength(body) },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

const app = Fastify({ logger: false });
app.get('/api/healthcheck', async () => ({ ok: true }));
app.post('/api/secured_gpt/askstream', async (request, reply) => {
  const user = request.headers.authorization ?? 'anonymous';
  const { id, message } = request.body as { id: string; message: string };
  const hold = 0.5;
  const opened = await pool.query({ name: 'open', text: OPEN, values: [user, id, message, hold] });
  const answerId = opened.rows[0]?.id;
  if (!answerId) return reply.status(402).send({ error: 'no credit' });
  const response = await ask(
    JSON.stringify({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: message }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  );
  reply.raw.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.setEncoding('utf8');
  let pending = '';
  let text = '';
  for await (const chunk of response as AsyncIterable<string>) {
    pending += chunk;
    let out = '';
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (!line.startsWith('data:') || line === 'data: [DONE]') continue;
      const delta = JSON.parse(line.slice(5)).choices?.[0]?.delta?.content;
      if (delta) out += delta;
    }
    if (out) {
      text += out;
      reply.raw.write(out);
    }
  }
  const cost = 0.01;
  await pool.query({ name: 'close', text: CLOSE, values: [answerId, text, cost, hold] });
  reply.raw.end(`##cost ${cost}`);
  return reply;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));

import Fastify from 'fastify';
import pg from 'pg';

/**
 * The list's floor: a bare Fastify route that runs the very SQL of `GET /v1/users`
 * (RAW_SQL, captured by run.ts from the repository) through a plain `pg` pool, as a named
 * prepared statement like the app's, and answers its rows as JSON. No auth, no schema.
 */
const { sql, parameters } = JSON.parse(process.env.RAW_SQL!) as { sql: string; parameters: unknown[] };
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/users', async () => {
  const result = await pool.query({ name: 'raw_user_page', text: sql, values: parameters });
  return { items: result.rows };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/database.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
const database = await openDatabase(loadConfig());
console.log(database.applied.length ? `applied: ${database.applied.join(', ')}` : 'database is up to date');
await database.close();

import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/database.ts';
import { withLocalDefaults } from '../platform/local-state.ts';
import { runProcess } from '../platform/startup.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
runProcess(async () => {
  const database = await openDatabase(loadConfig(await withLocalDefaults(process.env, { httpPort: false })));
  console.log(database.applied.length ? `applied: ${database.applied.join(', ')}` : 'database is up to date');
  await database.close();
});

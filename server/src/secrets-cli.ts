import { sealedColumns } from './areas.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/database.ts';
import { withLocalDefaults } from './platform/local-state.ts';
import { resealStoredSecrets } from './platform/secrets-reseal.ts';
import { runProcess } from './platform/startup.ts';

/**
 * `npm run secrets:reseal`: after putting a new key first in SECRETS_KEYS, re-seals every
 * stored secret with it and says how many values each column had re-sealed and how many no
 * key opens. Once every count of the old key is re-sealed, it may leave SECRETS_KEYS.
 */
runProcess(async () => {
  const config = loadConfig(await withLocalDefaults(process.env, { httpPort: false }));
  const database = await openDatabase(config);
  try {
    const { resealed, unreadable } = await resealStoredSecrets(database.db, config, sealedColumns);
    for (const name of Object.keys(resealed))
      console.log(
        `${name}: ${resealed[name]} re-sealed with "${config.secretsKeys[0]?.id}", ${unreadable[name]} unreadable`,
      );
    if (Object.values(unreadable).some(Boolean)) process.exitCode = 1;
  } finally {
    await database.close();
  }
});

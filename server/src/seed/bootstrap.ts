import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Config, randomSecret } from '../config.ts';
import { installStandardForms } from '../modules/forms/forms.install.ts';
import { insertPlatform } from '../modules/organisations/organisations.repository.ts';
import { insertMembership, insertUser } from '../modules/users/users.repository.ts';
import { audit } from '../platform/audit.ts';
import { type Db, withTransaction } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { systemScope } from '../platform/scope.ts';
import { seedDemo } from './demo.ts';

// Serialises bootstrap across processes starting at the same time.
const BOOTSTRAP_LOCK = 7_410_001;

/**
 * On first start with an empty database: the system administrator, from VIGILO_ADMIN_EMAIL
 * and VIGILO_ADMIN_PASSWORD, or with a generated one-time password printed once.
 * In development (SEED_DEMO), also the demo platform, once.
 */
export async function bootstrap(config: Config, db: Db, log: FastifyBaseLogger): Promise<void> {
  await withTransaction(db, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(tx);
    const anyUser = await tx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const email = config.adminEmail ?? 'admin@vigilo.local';
      const password = config.adminPassword ?? randomSecret();
      const platform = await insertPlatform(tx, systemScope, { name: 'Vigilo system' });
      await installStandardForms(tx, platform.id);
      const admin = await insertUser(tx, systemScope, {
        platformId: platform.id,
        email,
        passwordHash: await hashPassword(password),
        firstName: 'System',
        lastName: 'Administrator',
      });
      await insertMembership(tx, systemScope, {
        platformId: platform.id,
        userId: admin.id,
        organisationId: null,
        role: 'system_admin',
      });
      await audit(tx, {
        action: 'user.created',
        entityType: 'user',
        entityId: admin.id,
        platformId: platform.id,
        after: { email, role: 'system_admin' },
        details: { bootstrap: true },
      });
      if (!config.adminPassword) {
        // Printed once, on purpose outside the structured log: it is not kept anywhere.
        console.log(
          `\n  System administrator created: ${email}\n  One-time password: ${password}\n  Change it after signing in.\n`,
        );
      } else {
        log.info({ email }, 'system administrator created');
      }
    }
    if (config.seedDemo && config.env !== 'production') await seedDemo(tx, log);
  });
}

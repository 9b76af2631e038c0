import type { Config } from '../config.ts';
import type { Rule } from './access.ts';
import type { AppInstance } from './app-types.ts';
import type { AuditActionRule } from './audit.ts';
import type { Db } from './db.ts';
import type { JobDefinition, Jobs } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { SealedColumn } from './secrets-reseal.ts';

/** What a background job of an area may use. */
export interface JobContext {
  db: Db;
  mailer: Mailer;
  config: Config;
  /** The queue, for a job that enqueues its own sequel (a delivery's next attempt, decision 0327). */
  jobs: Jobs;
}

/** A unique rule a request can break: the field it names in the 409 answer, and why. */
export interface Conflict {
  /** The request field, e.g. `body/email`. */
  field: string;
  message: string;
}

/**
 * Everything one domain area contributes, declared in one place
 * (`modules/<area>/<area>.area.ts`) and listed once in `src/areas.ts`. The server
 * assembles routes, jobs, the role catalogue and the 409 answers from these descriptors;
 * `test/areas.test.ts` fails when a module's part is not registered.
 */
export interface Area {
  /** The module folder's name. */
  name: string;
  /** Registers the area's routes (its `<area>.routes.ts` function). */
  routes?: (app: AppInstance) => void;
  /** Background job types, with their handlers. */
  jobs?: (context: JobContext) => JobDefinition[];
  /** Policy tables by name: GET /v1/roles lists each rule as `<name>.<action>`. */
  policies?: Record<string, Record<string, Rule>>;
  /** Unique indexes or constraints a request can break, by name → the 409's field. */
  conflicts?: Record<string, Conflict>;
  /**
   * The audit actions the area writes, past tense (`user.deactivated`), each with its rule
   * (`{reason: 'required'}` when it must say why). audit() accepts only these names; declare
   * the area with `satisfies Area` so the names stay literal types (decision 0053).
   */
  audit?: Record<string, AuditActionRule>;
  /** Columns holding values sealed with platform/secrets.ts: re-sealed at start and after a key rotation. */
  sealed?: readonly SealedColumn[];
}

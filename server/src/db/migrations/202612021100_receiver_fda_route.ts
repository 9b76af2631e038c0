import { type Kysely, sql } from 'kysely';

/**
 * FDA routing of a receiver (decision 0231): `case` (the default) sends a case with an IND or
 * pre-ANDA number to FDA's premarket route and any other to the postmarket one; `postmarket`
 * and `premarket` fix the route. Read for the FDA profile only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receivers ADD COLUMN fda_route text NOT NULL DEFAULT 'case'
    CHECK (fda_route IN ('case', 'postmarket', 'premarket'))`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * What the worklist shows of each case (issue 25 item 3, decision 0285): the suspect products
 * (G.k.2.2 of the drugs whose role G.k.1 is suspect, interacting or not given), the reactions
 * (the MedDRA PT once E.i.2.1 is coded, the words as reported otherwise), whether every
 * reaction is coded, and where the case came from (`origin`: the public or professionals'
 * form, an E2B import, an integration's API key). Written with every version
 * (reports.columns.ts), read by the list as columns: the list never opens a document.
 *
 * `meddra_pt_name` is the one look-up of an LLT's PT (the release the term names, else the
 * newest ready one), used by intake and by the backfill below. `folded_list` makes a list
 * one folded text, so a trigram index serves the "product" and "reaction" filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION meddra_pt_name(release text, code text) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT pt.name
        FROM (SELECT coalesce(
                (SELECT m.id FROM public.meddra_versions m WHERE m.status = 'ready' AND m.version = $1
                  ORDER BY m.finished_at DESC NULLS LAST, m.id LIMIT 1),
                (SELECT m.id FROM public.meddra_versions m WHERE m.status = 'ready'
                  ORDER BY m.finished_at DESC NULLS LAST, m.id LIMIT 1)) AS id) rel
        JOIN public.meddra_terms t ON t.version_id = rel.id AND t.level IN ('llt', 'pt')
          AND $2 ~ '^[0-9]{1,9}$' AND t.code = $2::integer
        JOIN public.meddra_terms pt ON pt.version_id = rel.id AND pt.level = 'pt'
          AND pt.code = coalesce(t.pt_code, t.code)
       ORDER BY t.level = 'llt' DESC
       LIMIT 1 $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION folded_list(value text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.fold_text(array_to_string(value, ' | ')) $$`.execute(db);

  await sql`
    ALTER TABLE reports
      ADD COLUMN origin text CHECK (origin IN ('public', 'professional', 'import', 'api')),
      ADD COLUMN suspect_products text[] NOT NULL DEFAULT '{}',
      ADD COLUMN reaction_terms text[] NOT NULL DEFAULT '{}',
      ADD COLUMN reactions_coded boolean NOT NULL DEFAULT false`.execute(db);

  await fillCaseListColumns(db);

  // The worklist's filters on them: one organisation's cases whose products or reactions hold
  // the words typed (the organisation is ANDed by its own index).
  await sql`CREATE INDEX reports_products_trgm ON reports USING gin (folded_list(suspect_products) gin_trgm_ops)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX reports_reactions_trgm ON reports USING gin (folded_list(reaction_terms) gin_trgm_ops)
    WHERE deleted_at IS NULL`.execute(db);
}

/**
 * The columns of the reports already stored (or of `ids` alone: the test that holds this
 * statement to what intake writes), read from their current documents as reports.columns.ts
 * reads a new version.
 */
export async function fillCaseListColumns(db: Kysely<unknown>, ids?: readonly string[]): Promise<void> {
  const only = ids ? sql`AND o.id = any(${[...ids]}::uuid[])` : sql``;
  await sql`
    UPDATE reports r SET
      origin = c.origin,
      suspect_products = c.suspect_products,
      reaction_terms = c.reaction_terms,
      reactions_coded = c.reactions_coded
    FROM (
      SELECT o.id,
        CASE
          WHEN o.source = 'XML import' THEN 'import'
          WHEN o.application_id IS NOT NULL THEN 'api'
          WHEN f.audience IS NOT NULL THEN f.audience
          WHEN o.anonymous THEN 'public'
          WHEN q.qualification IN ('1', '2', '3') THEN 'professional'
          WHEN q.qualification IN ('4', '5') THEN 'public'
        END AS origin,
        coalesce(d.names, '{}') AS suspect_products,
        coalesce(e.terms, '{}') AS reaction_terms,
        coalesce(e.coded, false) AS reactions_coded
      FROM reports o
      JOIN report_versions v ON v.report_id = o.id AND v.version = o.current_version ${only}
      LEFT JOIN form_views f ON f.id = o.form_view_id
      LEFT JOIN LATERAL (
        SELECT s.value->>'qualification' AS qualification
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v.document->'C'->'primarySources') = 'array'
            THEN v.document->'C'->'primarySources' ELSE '[]' END) WITH ORDINALITY s
         ORDER BY (s.value->>'primaryForRegulatoryPurposes' = '1') DESC NULLS LAST, s.ordinality
         LIMIT 1
      ) q ON true
      LEFT JOIN LATERAL (
        SELECT array_agg(x.name ORDER BY x.n) AS names FROM (
          SELECT g.ordinality AS n, coalesce(nullif(btrim(g.value->>'name'), ''),
            (SELECT string_agg(nullif(btrim(s.value->>'name'), ''), ' + ')
               FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g.value->'substances') = 'array'
                 THEN g.value->'substances' ELSE '[]' END) s)) AS name
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v.document->'G'->'drugs') = 'array'
              THEN v.document->'G'->'drugs' ELSE '[]' END) WITH ORDINALITY g
           WHERE coalesce(g.value->>'role', '1') IN ('1', '3')
        ) x WHERE x.name IS NOT NULL
      ) d ON true
      LEFT JOIN LATERAL (
        SELECT array_agg(y.term ORDER BY y.n) FILTER (WHERE y.term IS NOT NULL) AS terms,
               count(*) > 0 AND bool_and(y.pt IS NOT NULL) AS coded
          FROM (
            SELECT g.ordinality AS n, p.pt,
                   coalesce(p.pt, nullif(btrim(g.value->>'nativeTerm'), ''),
                     nullif(btrim(g.value->>'translatedTerm'), '')) AS term
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v.document->'E'->'reactions') = 'array'
                THEN v.document->'E'->'reactions' ELSE '[]' END) WITH ORDINALITY g
              CROSS JOIN LATERAL (SELECT CASE WHEN g.value->'term'->>'code' IS NOT NULL
                THEN meddra_pt_name(g.value->'term'->>'version', g.value->'term'->>'code') END AS pt) p
          ) y
      ) e ON true
    ) c
    WHERE c.id = r.id`.execute(db);
}

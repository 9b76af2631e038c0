import { type Kysely, sql } from 'kysely';

/**
 * EDQM standard terms (decision 0145): installation-wide dose forms (PDF) and routes of
 * administration (ROA), with the starter set; and hospitals as an organisation's own list
 * (decision 0146), extending the table decision 0013 made for them.
 */
/**
 * The starter set (decision 0145): common dose forms and routes, codes and English terms of
 * the EDQM Standard Terms database, French terms as the French ANS/PHAST mappings to EDQM
 * name them. A full list is imported (POST /v1/edqm/import). Frozen here: a migration never
 * changes.
 */
const STARTER: readonly (readonly [code: string, term: string, fr: string])[] = [
  ['PDF-10101000', 'Oral drops, solution', 'Solution buvable en gouttes'],
  ['PDF-10105000', 'Oral solution', 'Solution buvable'],
  ['PDF-10106000', 'Oral suspension', 'Suspension buvable'],
  ['PDF-10117000', 'Syrup', 'Sirop'],
  ['PDF-10210000', 'Capsule, hard', 'Gélule'],
  ['PDF-10211000', 'Capsule, soft', 'Capsule molle'],
  ['PDF-10219000', 'Tablet', 'Comprimé'],
  ['PDF-10220000', 'Coated tablet', 'Comprimé enrobé'],
  ['PDF-10221000', 'Film-coated tablet', 'Comprimé pelliculé'],
  ['PDF-10222000', 'Effervescent tablet', 'Comprimé effervescent'],
  ['PDF-10223000', 'Orodispersible tablet', 'Comprimé orodispersible'],
  ['PDF-10225000', 'Gastro-resistant tablet', 'Comprimé gastrorésistant'],
  ['PDF-10226000', 'Prolonged-release tablet', 'Comprimé à libération prolongée'],
  ['PDF-10228000', 'Chewable tablet', 'Comprimé à croquer'],
  ['PDF-10318000', 'Sublingual tablet', 'Comprimé sublingual'],
  ['PDF-10502000', 'Cream', 'Crème'],
  ['PDF-10503000', 'Gel', 'Gel'],
  ['PDF-10504000', 'Ointment', 'Pommade'],
  ['PDF-10519000', 'Transdermal patch', 'Patch transdermique'],
  ['PDF-10604000', 'Eye drops, solution', 'Collyre en solution'],
  ['PDF-10808000', 'Nasal spray, solution', 'Solution pour pulvérisation nasale'],
  ['PDF-10909000', 'Pessary', 'Ovule'],
  ['PDF-11013000', 'Suppository', 'Suppositoire'],
  ['PDF-11106000', 'Pressurised inhalation, solution', 'Solution pour inhalation en flacon pressurisé'],
  ['PDF-11107000', 'Pressurised inhalation, suspension', 'Suspension pour inhalation en flacon pressurisé'],
  ['PDF-11109000', 'Inhalation powder', 'Poudre pour inhalation'],
  ['PDF-11201000', 'Solution for injection', 'Solution injectable'],
  ['PDF-11202000', 'Suspension for injection', 'Suspension injectable'],
  ['PDF-11205000', 'Powder for solution for injection', 'Poudre pour solution injectable'],
  ['PDF-11210000', 'Solution for infusion', 'Solution pour perfusion'],
  ['PDF-11213000', 'Concentrate for solution for infusion', 'Solution à diluer pour perfusion'],
  ['ROA-20001000', 'Auricular use', 'Voie auriculaire'],
  ['ROA-20002500', 'Buccal use', 'Voie buccogingivale'],
  ['ROA-20003000', 'Cutaneous use', 'Voie cutanée'],
  ['ROA-20004000', 'Dental use', 'Voie dentaire'],
  ['ROA-20008000', 'Endotracheopulmonary use', 'Voie endotrachéobronchique'],
  ['ROA-20009000', 'Epidural use', 'Voie péridurale'],
  ['ROA-20015000', 'Haemodialysis', 'Hémodialyse'],
  ['ROA-20020000', 'Inhalation use', 'Voie inhalée'],
  ['ROA-20023000', 'Intraarterial use', 'Voie intraartérielle'],
  ['ROA-20024000', 'Intraarticular use', 'Voie intraarticulaire'],
  ['ROA-20030000', 'Intradermal use', 'Voie intradermique'],
  ['ROA-20035000', 'Intramuscular use', 'Voie intramusculaire'],
  ['ROA-20036000', 'Intraocular use', 'Voie intraoculaire'],
  ['ROA-20036500', 'Intraosseous use', 'Voie intraosseuse'],
  ['ROA-20038000', 'Intraperitoneal use', 'Voie intrapéritonéale'],
  ['ROA-20042000', 'Intrathecal use', 'Voie intrathécale'],
  ['ROA-20045000', 'Intravenous use', 'Voie intraveineuse'],
  ['ROA-20046000', 'Intravesical use', 'Voie intravésicale'],
  ['ROA-20047000', 'Intravitreal use', 'Voie intravitréenne'],
  ['ROA-20049000', 'Nasal use', 'Voie nasale'],
  ['ROA-20051000', 'Ocular use', 'Voie ophtalmique'],
  ['ROA-20053000', 'Oral use', 'Voie orale'],
  ['ROA-20054000', 'Oromucosal use', 'Voie buccale'],
  ['ROA-20061000', 'Rectal use', 'Voie rectale'],
  ['ROA-20066000', 'Subcutaneous use', 'Voie sous-cutanée'],
  ['ROA-20067000', 'Sublingual use', 'Voie sublinguale'],
  ['ROA-20070000', 'Transdermal use', 'Voie transdermique'],
  ['ROA-20071000', 'Urethral use', 'Voie urétrale'],
  ['ROA-20072000', 'Vaginal use', 'Voie vaginale'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE edqm_terms (
      code text PRIMARY KEY CHECK (code ~ '^(PDF|ROA)-[0-9]{8}$'),
      class text NOT NULL CHECK (class IN ('PDF', 'ROA') AND code LIKE class || '-%'),
      term text NOT NULL CHECK (length(term) BETWEEN 1 AND 500),
      status text NOT NULL CHECK (status IN ('current', 'deprecated')),
      translations jsonb NOT NULL DEFAULT '{}',
      domain text,
      version text,
      source text NOT NULL CHECK (source IN ('starter', 'import')),
      -- Folded words of the code, the term and its translations: each typed word must start one.
      search text GENERATED ALWAYS AS (fold_text(code || ' ' || term || ' ' || translations::text)) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX edqm_terms_class_term ON edqm_terms (class, term)`.execute(db);

  for (const [code, term, fr] of STARTER) {
    await sql`
      INSERT INTO edqm_terms (code, class, term, status, translations, domain, source)
      VALUES (${code}, ${code.slice(0, 3)}, ${term}, 'current', ${JSON.stringify({ fr })}::jsonb,
              'Human and Veterinary', 'starter')`.execute(db);
  }

  // Hospitals: each organisation's own list (rows without an organisation are never listed).
  await sql`
    ALTER TABLE hospitals
      ADD COLUMN city text,
      ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$'),
      ADD COLUMN active boolean NOT NULL DEFAULT true,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN search text GENERATED ALWAYS AS (fold_text(name || ' ' || coalesce(city, '') || ' ' || coalesce(code, ''))) STORED`.execute(
    db,
  );
  await sql`
    ALTER TABLE hospitals ADD CONSTRAINT hospitals_code UNIQUE (organisation_id, code)`.execute(db);
}

import { sql } from 'kysely';
import type { Db } from '../server/src/platform/db.ts';

/**
 * Synthetic cases for the case-search benchmark (issue 12): `count` reports spread over the
 * organisations by `weights`, generated inside PostgreSQL (INSERT … SELECT over
 * generate_series, 100,000 rows a statement, through the owner's connection), then VACUUM
 * ANALYZE as autovacuum would soon do. Distributions:
 * - receipt dates over five years, recent ones more frequent (power 1.6 of a uniform draw);
 * - statuses by age: a case under 30 days is open (received, in triage, assigned, coded,
 *   verified, ready to submit); 30–120 days, a third still open, the rest submitted or closed;
 *   older, 1 % still open (overdue), 3 % nullified, 2 % duplicates, the rest submitted or closed;
 * - serious 30 % (hospitalisation most often, then other medically important, life-threatening,
 *   death, disabling, congenital anomaly), report types spontaneous 85 % / study 10 % / other;
 * - a narrative of 18–42 words from a medical vocabulary (frequent words more often, a Zipf-like
 *   draw), with a reaction as reported and one or two medicines, as intake writes `search_text`,
 *   and in a fifth of them a named condition (each of 60 in about 0.3 % of the reports);
 * - an external id on 30 %, ten countries, four sources.
 * Case documents (report_versions) are not generated: the list and the export read only the
 * reports table's columns.
 */

const VOCABULARY = [
  'patient',
  'reported',
  'after',
  'dose',
  'daily',
  'started',
  'tablet',
  'days',
  'treatment',
  'symptoms',
  'hospital',
  'admitted',
  'recovered',
  'mild',
  'severe',
  'moderate',
  'onset',
  'within',
  'hours',
  'week',
  'history',
  'hypertension',
  'diabetes',
  'asthma',
  'allergy',
  'previous',
  'stopped',
  'discontinued',
  'resolved',
  'improved',
  'worsened',
  'rash',
  'itching',
  'nausea',
  'vomiting',
  'diarrhoea',
  'headache',
  'dizziness',
  'fatigue',
  'fever',
  'pain',
  'swelling',
  'oedema',
  'dyspnoea',
  'cough',
  'palpitations',
  'tachycardia',
  'bradycardia',
  'hypotension',
  'syncope',
  'seizure',
  'tremor',
  'confusion',
  'insomnia',
  'anxiety',
  'depression',
  'myalgia',
  'arthralgia',
  'urticaria',
  'angioedema',
  'anaphylaxis',
  'bronchospasm',
  'hepatitis',
  'jaundice',
  'pancreatitis',
  'nephritis',
  'thrombocytopenia',
  'neutropenia',
  'anaemia',
  'haemorrhage',
  'bleeding',
  'bruising',
  'thrombosis',
  'embolism',
  'stroke',
  'infarction',
  'arrhythmia',
  'vision',
  'blurred',
  'hearing',
  'tinnitus',
  'taste',
  'alopecia',
  'photosensitivity',
  'injection',
  'site',
  'reaction',
  'erythema',
  'induration',
  'vaccination',
  'first',
  'second',
  'booster',
  'elderly',
  'woman',
  'man',
  'child',
  'infant',
  'pregnant',
  'renal',
  'hepatic',
  'impairment',
  'laboratory',
  'elevated',
  'creatinine',
  'transaminases',
  'bilirubin',
  'potassium',
  'sodium',
  'glucose',
  'blood',
  'pressure',
  'heart',
  'rate',
  'ecg',
  'prolonged',
  'qt',
  'interval',
  'emergency',
  'department',
  'intravenous',
  'oral',
  'topical',
  'rechallenge',
  'positive',
  'negative',
  'dechallenge',
  'outcome',
  'unknown',
  'fatal',
  'sequelae',
  'ongoing',
  'concomitant',
  'medication',
  'general',
  'practitioner',
  'pharmacist',
  'nurse',
  'consumer',
  'literature',
  'study',
  'trial',
  'follow',
  'up',
  'information',
  'received',
  'narrative',
  'causality',
  'assessed',
  'probable',
  'possible',
  'unlikely',
  'steven',
  'johnson',
  'syndrome',
  'toxic',
  'epidermal',
  'necrolysis',
  'serotonin',
  'neuroleptic',
  'malignant',
  'lactic',
  'acidosis',
  'interstitial',
  'lung',
  'disease',
];
/** Named conditions, one in a fifth of the narratives, each in about 0.3 % of the reports. */
// biome-ignore format: a word list reads best packed
const CONDITIONS = [
  'rhabdomyolysis', 'agranulocytosis', 'hyponatraemia', 'hyperkalaemia', 'hypoglycaemia', 'pneumonitis',
  'pancytopenia', 'myocarditis', 'pericarditis', 'vasculitis', 'uveitis', 'optic neuritis', 'guillain barre',
  'encephalopathy', 'aseptic meningitis', 'pemphigoid', 'dress syndrome', 'torsade de pointes', 'lupus',
  'sarcoidosis', 'osteonecrosis', 'tendon rupture', 'pseudotumour', 'hepatic failure', 'cholestasis',
  'acute kidney injury', 'hypomagnesaemia', 'lactic acidosis', 'ketoacidosis', 'thyroiditis', 'colitis',
  'ileus', 'pancreatitis acute', 'aplastic anaemia', 'haemolysis', 'priapism', 'hiccups', 'anosmia',
  'ageusia', 'narcolepsy', 'restless legs', 'dystonia', 'akathisia', 'tardive dyskinesia', 'hypersexuality',
  'gambling', 'compulsive shopping', 'nightmares', 'hallucinations', 'delirium', 'psychosis', 'suicidal ideation',
  'alopecia areata', 'nail loss', 'gingival hyperplasia', 'hirsutism', 'gynaecomastia', 'galactorrhoea',
  'amenorrhoea', 'infertility',
];
const MEDICINES = [
  'Lisinopril 10 mg tablets',
  'Metformin 500 mg tablets',
  'Atorvastatin 20 mg tablets',
  'Amlodipine 5 mg tablets',
  'Omeprazole 20 mg capsules',
  'Amoxicillin 500 mg capsules',
  'Ibuprofen 400 mg tablets',
  'Paracetamol 1 g tablets',
  'Sertraline 50 mg tablets',
  'Citalopram 20 mg tablets',
  'Warfarin 5 mg tablets',
  'Apixaban 5 mg tablets',
  'Levothyroxine 100 microgram tablets',
  'Salbutamol inhaler',
  'Prednisolone 5 mg tablets',
  'Insulin glargine',
  'Clopidogrel 75 mg tablets',
  'Ramipril 5 mg capsules',
  'Bisoprolol 5 mg tablets',
  'Furosemide 40 mg tablets',
  'Allopurinol 300 mg tablets',
  'Gabapentin 300 mg capsules',
  'Pregabalin 75 mg capsules',
  'Tramadol 50 mg capsules',
  'Codeine 30 mg tablets',
  'Methotrexate 2.5 mg tablets',
  'Adalimumab injection',
  'Influenza vaccine',
  'COVID-19 mRNA vaccine',
  'HPV vaccine',
  'Ciprofloxacin 500 mg tablets',
  'Clarithromycin 500 mg tablets',
  'Doxycycline 100 mg capsules',
  'Lamotrigine 100 mg tablets',
  'Valproate 500 mg tablets',
  'Quetiapine 25 mg tablets',
  'Olanzapine 10 mg tablets',
  'Lithium carbonate 400 mg tablets',
  'Tamoxifen 20 mg tablets',
  'Rivaroxaban 20 mg tablets',
];
const REACTIONS = [
  'swollen lips and tongue',
  'skin rash all over',
  'felt sick and vomited',
  'bad headache',
  'dizzy spells',
  'shortness of breath',
  'chest pain',
  'heart racing',
  'fainted at home',
  'muscle pain',
  'yellow skin',
  'bleeding gums',
  'blurred vision',
  'ringing in the ears',
  'hair loss',
  'itchy hives',
  'fit',
  'confused',
  'could not sleep',
  'low mood',
  'high fever',
  'sore arm after injection',
  'severe diarrhoea',
  'swollen ankles',
];
const COUNTRIES = ['GB', 'FR', 'DE', 'ES', 'IT', 'NL', 'BE', 'IE', 'SE', 'PL'];
const SOURCES = ['form', 'form', 'form', 'e2b', 'api', 'phone'];
const OPEN = [
  'received',
  'received',
  'received',
  'in_triage',
  'in_triage',
  'assigned',
  'assigned',
  'coded',
  'verified',
  'ready_to_submit',
];
const SERIOUSNESS = [
  'hospitalisation',
  'hospitalisation',
  'hospitalisation',
  'otherMedicallyImportant',
  'otherMedicallyImportant',
  'lifeThreatening',
  'resultsInDeath',
  'disabling',
  'congenitalAnomaly',
];

const text = (list: string[]) => sql`${list}::text[]`;
const pick = (list: string[], draw: ReturnType<typeof sql>) =>
  sql`(${text(list)})[1 + floor(${draw} * ${list.length})::int]`;

/** Inserts reports `from`…`to` (1-based numbers, which also make their references). */
async function insertBatch(
  owner: Db,
  platformId: string,
  organisations: string[],
  weights: number[],
  from: number,
  to: number,
) {
  const bounds = weights.map((_, i) => weights.slice(0, i + 1).reduce((a, b) => a + b, 0));
  const organisation = sql`case ${sql.join(
    organisations.slice(0, -1).map((o, i) => sql`when b.r1 < ${bounds[i]!} then ${o}::uuid`),
    sql` `,
  )} else ${organisations.at(-1)!}::uuid end`;
  // Eight base-36 digits of the number: unique references `AAAA-AAAA-B` within the platform.
  const digits = sql`(select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', ((g.i / (36::bigint ^ k)::bigint) % 36)::int + 1, 1), '' order by k desc) from generate_series(0, 7) k)`;
  const words = sql`(select string_agg((${text(VOCABULARY)})[1 + floor(power(random(), 2.2) * ${VOCABULARY.length})::int], ' ') from generate_series(1, 18 + (g.i % 25)::int) k)`;
  await sql`
    insert into reports (platform_id, organisation_id, reference, status, source, ext_report_id, receipt_date,
      report_type, serious, seriousness, country, search_text, created_at, updated_at)
    select ${platformId}::uuid, ${organisation}, left(b.ref, 4) || '-' || right(b.ref, 4) || '-B',
      case
        when b.age < 30 then ${pick(OPEN, sql`b.r3`)}
        when b.age < 120 then case when b.r3 < 0.35 then ${pick(OPEN, sql`b.r4`)} when b.r4 < 0.4 then 'submitted' else 'closed' end
        else case when b.r3 < 0.01 then ${pick(OPEN, sql`b.r4`)} when b.r3 < 0.04 then 'nullified'
                  when b.r3 < 0.06 then 'duplicate' when b.r3 < 0.35 then 'submitted' else 'closed' end
      end,
      ${pick(SOURCES, sql`b.r5`)},
      case when b.r6 < 0.3 then 'EXT-' || b.i end,
      b.receipt,
      case when b.r7 < 0.85 then '1' when b.r7 < 0.95 then '2' when b.r7 < 0.98 then '3' else '4' end,
      b.serious,
      case when b.serious then array[${pick(SERIOUSNESS, sql`b.r4`)}] else '{}'::text[] end,
      ${pick(COUNTRIES, sql`b.r5`)},
      concat_ws(' ', b.words, ${pick(REACTIONS, sql`b.r3`)}, ${pick(MEDICINES, sql`b.r6`)},
        case when b.r8 < 0.2 then ${pick(CONDITIONS, sql`b.r9`)} end,
        case when b.r7 < 0.4 then ${pick(MEDICINES, sql`b.r2`)} end),
      b.receipt + make_interval(hours => (b.i % 24)::int),
      b.receipt + make_interval(days => least(b.age, (b.r4 * 60)::int))
    from (
      select g.i, ${digits} as ref, random() as r1, random() as r2, random() as r3, random() as r4,
        random() as r5, random() as r6, random() as r7, random() as r8, random() as r9,
        random() < 0.3 as serious, ${words} as words,
        current_date - d.back as receipt, d.back as age
      from generate_series(${from}::bigint, ${to}::bigint) g(i)
      cross join lateral (select (floor(power(random(), 1.6) * 1826) + 0 * g.i)::int as back) d
    ) b`.execute(owner);
}

/** Fills the platform's organisations with `count` cases, 100,000 per statement; answers the seconds it took. */
export async function generateCases(
  owner: Db,
  platformId: string,
  organisations: string[],
  weights: number[],
  count: number,
  progress: (done: number) => void = () => {},
): Promise<number> {
  const started = performance.now();
  const BATCH = 100_000;
  // A bulk load: the table's secondary indexes are dropped and made again afterwards from
  // their own definitions (pg_indexes), which is much faster than keeping them up row by row.
  await sql`set maintenance_work_mem = '256MB'`.execute(owner);
  const indexes = (
    await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = 'public' and i.tablename = 'reports'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(owner)
  ).rows;
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(owner);
  try {
    for (let from = 1; from <= count; from += BATCH) {
      await insertBatch(owner, platformId, organisations, weights, from, Math.min(count, from + BATCH - 1));
      progress(Math.min(count, from + BATCH - 1));
    }
  } finally {
    for (const index of indexes) await sql.raw(index.definition).execute(owner);
  }
  await sql`vacuum analyze reports`.execute(owner);
  return (performance.now() - started) / 1000;
}

import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string | null, string | null>;

/** A causality assessment of one drug × reaction of a case (migration 202612021000, decision 0270). */
export interface CausalityAssessmentTable {
  id: Generated<string>;
  report_id: string;
  platform_id: string;
  organisation_id: string;
  /** The G.k `id` and the E.i `id` of the case document. */
  drug_id: string;
  reaction_id: string;
  /** `reporter`, `organisation`, `regulator`, `company` or `other` (contract/src/causality.ts). */
  source: string;
  method: string;
  category: string;
  score: number | null;
  /** Naranjo's ten answers by question id. */
  naranjo: Json;
  /** The G.k.9.i.2.r entry written into the case: source, method, result (E2B texts). */
  entry_source: string;
  entry_method: string;
  entry_result: string;
  comment: string | null;
  report_version: number;
  created_by: string | null;
  created_at: CreatedAt;
  withdrawn_by: string | null;
  withdrawn_at: Date | null;
  withdrawn_reason: string | null;
  withdrawn_report_version: number | null;
}

export interface CausalityTables {
  causality_assessments: CausalityAssessmentTable;
}

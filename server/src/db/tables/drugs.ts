import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Count = ColumnType<number, number | undefined, number>;

/** One version of an organisation's product list: the meta file and what its upload did (decision 0140). */
export interface DrugListTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  version: string | null;
  source: string | null;
  published_on: ColumnType<string | null, string | null | undefined, string | null>;
  delimiter: ColumnType<string, string | undefined, string>;
  substance_separator: ColumnType<string, string | undefined, string>;
  columns: Json<Record<string, string>>;
  file_name: string | null;
  products: Count;
  added: Count;
  updated: Count;
  removed: Count;
  created_by: string | null;
  created_at: CreatedAt;
  imported_by: string | null;
  imported_at: Date | null;
}

/** A product of an organisation's list (decision 0141). */
export interface DrugTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  list_id: string;
  code: string;
  name: string;
  substances: ColumnType<string[], string[] | undefined, string[]>;
  strength: string | null;
  dose_form: string | null;
  authorisation_number: string | null;
  holder: string | null;
  country: string | null;
  name_folded: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type IdapsStatus = 'queued' | 'computing' | 'published' | 'failed';

/** A computation of an organisation's IDAPS (decision 0143). */
export interface IdapsSnapshotTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  status: ColumnType<IdapsStatus, IdapsStatus | undefined, IdapsStatus>;
  reports: Count;
  reactions: Count;
  uncoded: Count;
  error: string | null;
  requested_by: string | null;
  requested_at: CreatedAt;
  published_at: Date | null;
}

/** One reaction of one report naming one product, with its SOC and PT. */
export interface IdapsFactTable {
  snapshot_id: string;
  drug_id: string;
  report_id: string;
  receipt_date: string | null;
  soc_code: number;
  soc_name: string;
  pt_code: number;
  pt_name: string;
  serious: boolean;
  fatal: boolean;
}

/** Each word of a product's name (kind 1), substances (2), authorisation number and code (3). */
export interface DrugWordTable {
  drug_id: string;
  organisation_id: string;
  word: string;
  kind: number;
}

export interface DrugTables {
  drug_lists: DrugListTable;
  drugs: DrugTable;
  drug_words: DrugWordTable;
  idaps_snapshots: IdapsSnapshotTable;
  idaps_facts: IdapsFactTable;
}

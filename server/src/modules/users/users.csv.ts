import { writeCsv } from '../../platform/csv.ts';
import type { UserDetailRow } from './users.repository.ts';

export const userCsvHeader = [
  'id',
  'email',
  'username',
  'firstName',
  'lastName',
  'language',
  'accountType',
  'status',
  'roles',
  'deletionRequestedAt',
  'createdAt',
];

/** The export's rows: one per user; roles as `role@organisation` joined by `; `. */
export function toCsv(rows: readonly UserDetailRow[]): string {
  return writeCsv([
    userCsvHeader,
    ...rows.map((r) => [
      r.id,
      r.email,
      r.username,
      r.first_name,
      r.last_name,
      r.language,
      r.account_type,
      r.deactivated_at ? 'deactivated' : 'active',
      r.memberships.map((m) => (m.organisationName ? `${m.role}@${m.organisationName}` : m.role)).join('; '),
      r.deletion_requested_at?.toISOString(),
      r.created_at.toISOString(),
    ]),
  ]);
}

import type { UserDetailRow } from './users.repository.ts';

/**
 * A CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula (CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  const lines = [userCsvHeader.join(',')];
  for (const r of rows) {
    const roles = r.memberships
      .map((m) => (m.organisationName ? `${m.role}@${m.organisationName}` : m.role))
      .join('; ');
    lines.push(
      [
        r.id,
        r.email,
        r.username,
        r.first_name,
        r.last_name,
        r.language,
        r.account_type,
        r.deactivated_at ? 'deactivated' : 'active',
        roles,
        r.deletion_requested_at?.toISOString(),
        r.created_at.toISOString(),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Plain values of the contract, with no TypeBox schema: the web app's sign-in page imports
 * them from `@vigilo/contract/values` without loading every schema (decision 0039), as does
 * the case view (decision 0311).
 */

/** The password rules, shared by the server's check and the forms that explain them. */
export const passwordRules = { minLength: 12, maxLength: 1024 } as const;

/**
 * Why a field was refused, as a stable word the web app turns into a sentence in the reader's
 * language (decision 0037); `message` stays for API users reading the raw answer.
 * `limit` goes with tooShort/tooLong (characters), tooSmall/tooLarge (value), tooFew/tooMany
 * (items) and passwordTooShort.
 */
export const fieldReasons = [
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'tooFew',
  'tooMany',
  'format',
  'choice',
  'notAllowed',
  'taken',
  'alreadyMember',
  'alreadyInvited',
  'notFound',
  'invalid',
  'wrongCode',
  'wrongPassword',
  'passwordTooShort',
  'passwordIsEmail',
] as const;
export type FieldReason = (typeof fieldReasons)[number];

/** The lifecycle of a case (server/src/modules/reports/reports.lifecycle.ts, decision 0100). */
export const caseStatuses = [
  'draft',
  'received',
  'in_triage',
  'assigned',
  'coded',
  'verified',
  'ready_to_submit',
  'submitted',
  'closed',
  'nullified',
  'duplicate',
] as const;

/**
 * What asks for staff's attention on a case until they move it on (decisions 0250, 0252):
 * follow-up information from the reporter on a report already sent, or a receiver's
 * rejection of its message (it needs correction).
 */
export const caseAttentions = ['new_information', 'rejected'] as const;

/**
 * Where a case came from (decision 0285): a member of the public's form, a health
 * professional's form, an E2B(R3) import, an integration's API key.
 */
export const caseOrigins = ['public', 'professional', 'import', 'api'] as const;

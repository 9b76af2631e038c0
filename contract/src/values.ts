/**
 * Plain values of the contract, with no TypeBox schema: the web app's sign-in page imports
 * them from `@vigilo/contract/values` without loading every schema (decision 0039).
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

import formats from 'ajv-formats';

/**
 * The address rule of every route that takes an email: the contract's `format: 'email'`
 * (3 to 320 characters) as the request validator checks it (ajv-formats, full mode, the one
 * Fastify's validator loads). Code that gets an address from elsewhere than a request body (an
 * SSO provider's ID token) checks it here, so no account is made with an address no route
 * would take: a trailing dot, a look-alike letter of another script, a combining mark
 * (decision 0330).
 */
const EMAIL = formats.get('email') as RegExp;

export const isAcceptedEmail = (value: string): boolean =>
  value.length >= 3 && value.length <= 320 && EMAIL.test(value);

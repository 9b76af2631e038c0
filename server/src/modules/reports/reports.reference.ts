import { randomInt } from 'node:crypto';

/**
 * Report reference numbers a person can read out on the phone (decision 0077): eight
 * characters from a 19-character alphabet without look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S,
 * 8/B, 6/G, U/V/W) in two groups of four, then a check character, e.g. `K7HD-3MXT-R`. The
 * check is a weighted sum modulo 19 (a prime: weights 2…9 on the eight characters, 1 on the
 * check itself), so any one wrong character and any swap of two different neighbours fail it
 * before any lookup.
 */
export const REFERENCE_ALPHABET = 'ACDEFHJKMNPRTXY3479';
const N = REFERENCE_ALPHABET.length;

function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 2) * REFERENCE_ALPHABET.indexOf(body[i]!);
  return REFERENCE_ALPHABET[(N - (sum % N)) % N]!;
}

/** A fresh random reference (about 1.7 × 10^10 of them; uniqueness per platform is the table's). */
export function newReference(): string {
  let body = '';
  for (let i = 0; i < 8; i++) body += REFERENCE_ALPHABET[randomInt(N)];
  return `${body.slice(0, 4)}-${body.slice(4)}-${checkCharacter(body)}`;
}

/** The reference as typed or heard (`k7hd 3mxt r`) in its written form, or null when it cannot be one. */
export function normaliseReference(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, '');
  if (plain.length !== 9 || [...plain].some((c) => !REFERENCE_ALPHABET.includes(c))) return null;
  const body = plain.slice(0, 8);
  if (checkCharacter(body) !== plain[8]) return null;
  return `${body.slice(0, 4)}-${body.slice(4)}-${plain[8]}`;
}

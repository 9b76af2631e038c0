import { randomInt } from 'node:crypto';

/**
 * Report reference numbers a person can read out on the phone (decision 0077): eight
 * characters from an alphabet without look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G,
 * U/V) in two groups of four, then a check character (Luhn mod 20), e.g. `K7QD-3MWX-T`.
 * A mistyped character or two swapped neighbours fail the check before any lookup.
 */
export const REFERENCE_ALPHABET = 'ACDEFHJKMNPRTWXY3479';
const N = REFERENCE_ALPHABET.length;

function checkCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const addend = factor * REFERENCE_ALPHABET.indexOf(body[i]!);
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / N) + (addend % N);
  }
  return REFERENCE_ALPHABET[(N - (sum % N)) % N]!;
}

/** A fresh random reference (about 2.6 × 10^10 of them; uniqueness per platform is the table's). */
export function newReference(): string {
  let body = '';
  for (let i = 0; i < 8; i++) body += REFERENCE_ALPHABET[randomInt(N)];
  return `${body.slice(0, 4)}-${body.slice(4)}-${checkCharacter(body)}`;
}

/** The reference as typed or heard (`k7qd 3mwx t`) in its written form, or null when it cannot be one. */
export function normaliseReference(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, '');
  if (plain.length !== 9 || [...plain].some((c) => !REFERENCE_ALPHABET.includes(c))) return null;
  const body = plain.slice(0, 8);
  if (checkCharacter(body) !== plain[8]) return null;
  return `${body.slice(0, 4)}-${body.slice(4)}-${plain[8]}`;
}

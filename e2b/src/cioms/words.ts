/**
 * The coded values of a case in the words of the ICH E2B(R3) implementation guide, for the
 * CIOMS I form (decision 0233). English: the form's labels are CIOMS's English ones.
 */

/** E.i.7 Outcome of reaction/event at the time of last observation. */
export const OUTCOME: Record<string, string> = {
  '0': 'unknown',
  '1': 'recovered/resolved',
  '2': 'recovering/resolving',
  '3': 'not recovered/not resolved/ongoing',
  '4': 'recovered/resolved with sequelae',
  '5': 'fatal',
};

/** G.k.8 Action(s) taken with drug. */
export const ACTION_TAKEN: Record<string, string> = {
  '0': 'unknown',
  '1': 'drug withdrawn',
  '2': 'dose reduced',
  '3': 'dose increased',
  '4': 'dose not changed',
  '9': 'not applicable',
};

/** G.k.9.i.4 Did reaction recur on re-administration? As box 21 asks it (short: the box has one line). */
export const RECURRED: Record<string, string> = {
  '1': 'YES',
  '2': 'NO',
  '3': 'UNKNOWN (rechallenged)',
  '4': 'N/A (not rechallenged)',
};

/** G.k.1 Characterisation of drug role, beside a suspect's name when not plainly suspect. */
export const DRUG_ROLE: Record<string, string> = {
  '1': 'suspect',
  '2': 'concomitant',
  '3': 'interacting',
  '4': 'drug not administered',
};

/** D.5 Sex. */
export const SEX: Record<string, string> = { '1': 'Male', '2': 'Female' };

/** The UCUM time units E2B uses for ages, durations and intervals, singular and plural. */
const TIME_UNITS: Record<string, [string, string]> = {
  a: ['year', 'years'],
  mo: ['month', 'months'],
  wk: ['week', 'weeks'],
  d: ['day', 'days'],
  h: ['hour', 'hours'],
  min: ['minute', 'minutes'],
  s: ['second', 'seconds'],
  '{decade}': ['decade', 'decades'],
  '{trimester}': ['trimester', 'trimesters'],
};

/** A quantity in words: `43 a` → `43 years`; other units (mg, mL) as UCUM writes them. */
export function quantityWords(value: string, unit: string | undefined): string {
  if (!unit) return value;
  const words = TIME_UNITS[unit];
  if (!words) return `${value} ${unit}`;
  return `${value} ${Number(value) === 1 ? words[0] : words[1]}`;
}

/** The null flavours of the case document, as a reader says them. */
export const NULL_FLAVOUR: Record<string, string> = {
  MSK: 'masked',
  ASKU: 'asked, unknown',
  NASK: 'not asked',
  UNK: 'unknown',
  NI: 'no information',
  NA: 'not applicable',
  OTH: 'other',
};

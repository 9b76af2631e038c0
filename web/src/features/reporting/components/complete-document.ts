import type { Answers } from '../../../components/form-renderer/index.ts';

/** A version 4 UUID (randomUUID needs a secure context; getRandomValues does not). */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The lists whose items carry a local id the case document requires (assessments refer to them). */
const IDENTIFIED = [
  ['E', 'reactions'],
  ['G', 'drugs'],
] as const;

type Test = { result?: { unit?: string }; normalLow?: string; normalHigh?: string } & Record<string, unknown>;

/** A test's normal range is asked in the result's unit (the professional form): E2B carries it on each bound. */
function rangeInResultUnit(test: Test): Test {
  const unit = test?.result?.unit;
  if (!unit) return test;
  return {
    ...test,
    ...(test.normalLow !== undefined && test.normalLowUnit === undefined ? { normalLowUnit: unit } : {}),
    ...(test.normalHigh !== undefined && test.normalHighUnit === undefined ? { normalHighUnit: unit } : {}),
  };
}

/**
 * The answers as a case document the server takes: its schema version, a local id on each
 * reaction and drug (kept once given, so a resumed draft keeps its ids), a test's normal range
 * in its result's unit.
 */
export function completeDocument(answers: Answers): Answers {
  const document: Answers = { ...answers, schemaVersion: 1 };
  for (const [section, list] of IDENTIFIED) {
    const block = document[section] as Record<string, unknown> | undefined;
    const items = block?.[list];
    if (!Array.isArray(items)) continue;
    document[section] = {
      ...block,
      [list]: items.map((item: Record<string, unknown>) =>
        typeof item?.id === 'string' ? item : { ...item, id: uuid() },
      ),
    };
  }
  const F = document.F as { tests?: Test[] } | undefined;
  if (Array.isArray(F?.tests)) document.F = { ...F, tests: F.tests.map(rangeInResultUnit) };
  return document;
}

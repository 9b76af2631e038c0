import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch } from '../src/index.ts';
import { tokenize } from '../src/xml/tokenize.ts';
import type { XNode } from '../src/xml/tree.ts';
import { exampleFiles, readExample } from './fixtures.ts';

/**
 * Issue 14's round trip as a comparison of values, made on the XML itself and not through the
 * mapping: every attribute value and text of an FDA example, keyed by its element path (each
 * element named with its own `code`, so observations stay apart; no positions, so order does
 * not matter), must be found again in the re-export (import → export). What is lost or added is
 * listed here by hand, from reading the files (decision 0041); the goal is none.
 */
const IE =
  '/MCCI_IN200100UV01/PORR_IN049016UV/controlActProcess[code=PORR_TE049016UV]/subject/investigationEvent[code=PAT_ADV_EVNT]';
const PR = `${IE}/component/adverseEventAssessment/subject1/primaryRole`;
const DRUG = `${PR}/subjectOf2/organizer[code=4]/component/substanceAdministration`;
const DOSAGE = `${DRUG}/outboundRelationship2/substanceAdministration`;
const PRODUCT = `${DRUG}/consumable/instanceOfKind`;

/** Labels that repeat a code, the code lists' own versions, the schema's location: not case data (0041). */
const MEDDRA = '2.16.840.1.113883.6.163';
const notData = (node: XNode, attr: string) =>
  attr === 'displayName' ||
  attr === 'xsi:schemaLocation' ||
  (attr === 'codeSystemVersion' &&
    node.attrs.codeSystem !== MEDDRA &&
    !node.attrs.codeSystem?.startsWith('0.4.0.127'));

function values(node: XNode, path = '', out = new Map<string, number>()): Map<string, number> {
  const code = node.name === 'code' ? undefined : node.children.find((c) => c.name === 'code')?.attrs.code;
  const here = `${path}/${node.name}${code ? `[code=${code}]` : ''}`;
  const add = (key: string) => out.set(key, (out.get(key) ?? 0) + 1);
  for (const [attr, value] of Object.entries(node.attrs))
    if (!notData(node, attr)) add(`${here}/@${attr}=${value}`);
  const text = node.text.replace(/\s+/g, ' ').trim();
  if (text && node.children.length === 0) add(`${here}=${text}`);
  for (const child of node.children) values(child, here, out);
  return out;
}

/** Values of `a` that `b` holds fewer times. */
const missingFrom = (a: Map<string, number>, b: Map<string, number>) =>
  [...a].filter(([key, n]) => (b.get(key) ?? 0) < n).map(([key]) => key);

/** Where values are lost (−) or added (+), as element paths whose values all go or come. */
const dosageLeftovers = [
  // A null-flavoured effective time (ASKU), outside the table's G.k.4.r.4/5 dates.
  `− ${DOSAGE}/effectiveTime/@nullFlavor=ASKU`,
  // A dose form with a code system but no code: nothing to keep, so its product goes too.
  `− ${DOSAGE}/consumable/instanceOfKind/kindOfProduct`,
  // The country where the dose was given: not an element of the table.
  `− ${DOSAGE}/performer`,
];
const senderTypeCodes = [
  // FDA.G.k.10a coded with ICH's sender-type list (…2.1.1.7): written with the table's FDA
  // list (…5.1.2.1.1.7), the same codes (decision 0201).
  `− ${DRUG}/outboundRelationship2/observation[code=9]/value/@codeSystem=2.16.840.1.113883.3.989.2.1.1.7`,
  `+ ${DRUG}/outboundRelationship2/observation[code=9]/value/@codeSystem=2.16.840.1.113883.3.989.5.1.2.1.1.7`,
];
const EXPECTED: Record<string, string[]> = {
  'FAERS2022Scenario1.xml': dosageLeftovers,
  'FAERS2022Scenario2.xml': [
    ...dosageLeftovers,
    // An empty productInstanceInstance (no lot number in it).
    `− ${PRODUCT}/productInstanceInstance`,
    `− ${PRODUCT}/kindOfProduct[code=59762-2858]/ingredient/quantity/denominator/@unit=1`,
  ],
  'FAERS2022Scenario3.xml': dosageLeftovers,
  'FAERS2022Scenario4.xml': [
    ...dosageLeftovers,
    // Race and ethnicity codes written without their code system get it (NCI thesaurus).
    `+ ${PR}/subjectOf2/observation[code=C17049]/value/@codeSystem=2.16.840.1.113883.3.26.1.1`,
    `+ ${PR}/subjectOf2/observation[code=C16564]/value/@codeSystem=2.16.840.1.113883.3.26.1.1`,
  ],
  'FAERS2022Scenario5-1.xml': [...dosageLeftovers, ...senderTypeCodes],
  'FAERS2022Scenario5-2.xml': [
    ...dosageLeftovers,
    ...senderTypeCodes,
    // A code-9 value with nullFlavor NA and no code system: G.k.10.r's (ICH's list) is written.
    `+ ${DRUG}/outboundRelationship2/observation[code=9]/value/@codeSystem=2.16.840.1.113883.3.989.2.1.1.17`,
  ],
  'FAERS2022Scenario5-3.xml': [
    // The file's fault: a drug role for a drug the message does not hold. The case keeps the
    // role, so the re-export holds that drug (its id, and the G.k.10.r its role came with).
    `+ ${PR}/subjectOf2/organizer[code=4]/component/@typeCode=COMP`,
    `+ ${DRUG}/@classCode=SBADM`,
    `+ ${DRUG}/@moodCode=EVN`,
    `+ ${DRUG}/id/@root=68d6f5ce-3b3b-45c7-92dd-69e06730c3a9`,
    `+ ${DRUG}/outboundRelationship2/observation[code=9]/value/@codeSystem=2.16.840.1.113883.3.989.2.1.1.17`,
  ],
};

describe('FDA examples: the values of the XML survive import → export', () => {
  it('are all covered by this test', () => {
    expect(exampleFiles()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const file of exampleFiles()) {
    it(`${file}: every value not listed here is found again`, () => {
      const xml = readExample(file);
      const first = importBatch(xml);
      const again = exportBatch(
        first.batch as never,
        first.cases.map((c) => ({ header: c.header as never, document: c.document })),
      );
      const before = values(tokenize(xml, 100));
      const after = values(tokenize(again, 100));
      const changes = [
        ...missingFrom(before, after).map((v) => `− ${v}`),
        ...missingFrom(after, before).map((v) => `+ ${v}`),
      ];
      const expected = EXPECTED[file]!;
      // Every change falls under a listed one, and every listed one happens.
      expect(changes.filter((c) => !expected.some((e) => c === e || c.startsWith(`${e}/`)))).toEqual([]);
      expect(expected.filter((e) => !changes.some((c) => c === e || c.startsWith(`${e}/`)))).toEqual([]);
      // The comparison has something to compare: the examples hold hundreds of values.
      expect(before.size).toBeGreaterThan(150);
    });
  }
});

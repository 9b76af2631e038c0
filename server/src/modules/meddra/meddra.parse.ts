/**
 * Reads a MedDRA release in the official ASCII distribution format (MedAscii folder):
 * `$`-separated fields, one record per line, a trailing `$`. Columns (MedDRA Distribution
 * File Format Document):
 *
 *   soc.asc       soc_code $ soc_name $ soc_abbrev $ (legacy cross-codes …)
 *   hlgt.asc      hlgt_code $ hlgt_name $ (legacy …)
 *   hlt.asc       hlt_code $ hlt_name $ (legacy …)
 *   pt.asc        pt_code $ pt_name $ null $ pt_soc_code $ (legacy …)
 *   llt.asc       llt_code $ llt_name $ pt_code $ whoart $ harts $ costart $ icd9 $ icd9cm $ icd10 $ llt_currency $ jart
 *   soc_hlgt.asc  soc_code $ hlgt_code      hlgt_hlt.asc  hlgt_code $ hlt_code      hlt_pt.asc  hlt_code $ pt_code
 *   mdhier.asc    pt $ hlt $ hlgt $ soc codes $ their four names $ soc_abbrev $ null $ pt_soc_code $ primary_soc_fg
 *   meddra_release.asc  version $ language $ …
 *
 * Nothing is kept from a release with any error: every problem is named by file and line.
 */

export const MEDDRA_FILES = [
  'meddra_release.asc',
  'soc.asc',
  'hlgt.asc',
  'hlt.asc',
  'pt.asc',
  'llt.asc',
  'soc_hlgt.asc',
  'hlgt_hlt.asc',
  'hlt_pt.asc',
  'mdhier.asc',
] as const;
export type MeddraFileName = (typeof MEDDRA_FILES)[number];

export interface LineError {
  file: string;
  line: number;
  message: string;
}

export interface Term {
  code: number;
  name: string;
}
export interface Release {
  version: string;
  language: string;
  socs: (Term & { abbrev: string })[];
  hlgts: Term[];
  hlts: Term[];
  pts: (Term & { primarySoc: number })[];
  llts: (Term & { ptCode: number; current: boolean })[];
  /** Every PT → HLT → HLGT → SOC path, one marked primary per PT. */
  paths: { pt: number; hlt: number; hlgt: number; soc: number; primary: boolean }[];
}

const MAX_ERRORS = 50;
const CODE = /^\d{8}$/;

/** Text of a file: UTF-8 when it is valid UTF-8 (translations), else Latin-1 (English and western releases). */
export function decodeAsc(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** Parses and checks a release; answers it, or the line-numbered errors (at most 50). */
export function parseRelease(files: ReadonlyMap<string, string>): { release?: Release; errors: LineError[] } {
  const errors: LineError[] = [];
  const fail = (file: string, line: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ file, line, message });
  };
  for (const name of MEDDRA_FILES) if (!files.has(name)) fail(name, 0, 'is missing from the release');
  if (errors.length > 0) return { errors };

  /** The records of a file: [line number, fields] for every non-empty line with at least `min` fields. */
  function* records(file: MeddraFileName, min: number): Generator<[number, string[]]> {
    const lines = files.get(file)!.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (text.trim() === '') continue;
      const fields = text.split('$');
      if (fields.length < min) {
        fail(file, i + 1, `has ${fields.length} fields, expected at least ${min} separated by $`);
        continue;
      }
      yield [i + 1, fields];
    }
  }
  const code = (file: string, line: number, value: string | undefined, what: string): number | null => {
    if (value === undefined || !CODE.test(value)) {
      fail(file, line, `${what} "${(value ?? '').slice(0, 20)}" is not an 8-digit MedDRA code`);
      return null;
    }
    return Number(value);
  };
  const named = (file: string, line: number, value: string | undefined, what: string): string | null => {
    const name = (value ?? '').trim();
    if (name === '' || name.length > 100) {
      fail(file, line, `${what} must be 1 to 100 characters`);
      return null;
    }
    return name;
  };

  let version = '';
  let language = '';
  for (const [line, f] of records('meddra_release.asc', 2)) {
    if (version) continue;
    version = f[0]!.trim();
    language = f[1]!.trim();
    if (!/^\d{1,3}\.\d$/.test(version))
      fail('meddra_release.asc', line, `version "${version.slice(0, 20)}" is not like 27.0`);
    if (!/^[A-Za-z][A-Za-z ()-]{0,39}$/.test(language))
      fail('meddra_release.asc', line, 'language is missing');
  }
  if (!version) fail('meddra_release.asc', 1, 'has no version line');

  const simple = (file: MeddraFileName, what: string, min: number) => {
    const seen = new Map<number, Term & { fields: string[] }>();
    for (const [line, f] of records(file, min)) {
      const c = code(file, line, f[0], `${what} code`);
      const n = named(file, line, f[1], `${what} name`);
      if (c === null || n === null) continue;
      if (seen.has(c)) fail(file, line, `${what} code ${c} appears twice`);
      else seen.set(c, { code: c, name: n, fields: f });
    }
    return seen;
  };
  const socs = simple('soc.asc', 'SOC', 3);
  const hlgts = simple('hlgt.asc', 'HLGT', 2);
  const hlts = simple('hlt.asc', 'HLT', 2);
  const pts = simple('pt.asc', 'PT', 4);

  const ptsOut: Release['pts'] = [];
  for (const pt of pts.values())
    ptsOut.push({ code: pt.code, name: pt.name, primarySoc: Number(pt.fields[3]) });
  const lltsOut: Release['llts'] = [];
  const lltCodes = new Set<number>();
  for (const [line, f] of records('llt.asc', 10)) {
    const c = code('llt.asc', line, f[0], 'LLT code');
    const n = named('llt.asc', line, f[1], 'LLT name');
    const ptCode = code('llt.asc', line, f[2], 'PT code');
    const currency = (f[9] ?? '').trim();
    if (currency !== 'Y' && currency !== 'N')
      fail('llt.asc', line, `llt_currency must be Y or N, not "${currency.slice(0, 5)}"`);
    if (c === null || n === null || ptCode === null) continue;
    if (!pts.has(ptCode)) fail('llt.asc', line, `PT ${ptCode} is not in pt.asc`);
    if (lltCodes.has(c)) fail('llt.asc', line, `LLT code ${c} appears twice`);
    lltCodes.add(c);
    lltsOut.push({ code: c, name: n, ptCode, current: currency === 'Y' });
  }

  const links = (file: MeddraFileName, parents: Map<number, unknown>, children: Map<number, unknown>) => {
    for (const [line, f] of records(file, 2)) {
      const p = code(file, line, f[0], 'parent code');
      const c = code(file, line, f[1], 'child code');
      if (p !== null && !parents.has(p)) fail(file, line, `code ${p} is not a term of the level above`);
      if (c !== null && !children.has(c)) fail(file, line, `code ${c} is not a term of the level below`);
    }
  };
  links('soc_hlgt.asc', socs, hlgts);
  links('hlgt_hlt.asc', hlgts, hlts);
  links('hlt_pt.asc', hlts, pts);

  const paths: Release['paths'] = [];
  const primaries = new Map<number, number>();
  for (const [line, f] of records('mdhier.asc', 12)) {
    const [pt, hlt, hlgt, soc] = [0, 1, 2, 3].map((i) =>
      code('mdhier.asc', line, f[i], ['PT', 'HLT', 'HLGT', 'SOC'][i]!),
    );
    if (pt == null || hlt == null || hlgt == null || soc == null) continue;
    if (!pts.has(pt) || !hlts.has(hlt) || !hlgts.has(hlgt) || !socs.has(soc)) {
      fail('mdhier.asc', line, 'names a code that is not in the term files');
      continue;
    }
    const flag = (f[11] ?? '').trim();
    if (flag !== 'Y' && flag !== 'N') {
      fail('mdhier.asc', line, `primary_soc_fg must be Y or N, not "${flag.slice(0, 5)}"`);
      continue;
    }
    if (flag === 'Y') {
      if (primaries.has(pt)) fail('mdhier.asc', line, `PT ${pt} has a second primary path`);
      primaries.set(pt, soc);
    }
    paths.push({ pt, hlt, hlgt, soc, primary: flag === 'Y' });
  }
  for (const pt of pts.keys()) {
    if (!primaries.has(pt)) {
      fail('mdhier.asc', 0, `PT ${pt} has no primary path`);
      if (errors.length >= MAX_ERRORS) break;
    }
  }
  if (errors.length > 0) return { errors };
  return {
    errors,
    release: {
      version,
      language,
      socs: [...socs.values()].map((s) => ({
        code: s.code,
        name: s.name,
        abbrev: (s.fields[2] ?? '').trim(),
      })),
      hlgts: [...hlgts.values()].map(({ code, name }) => ({ code, name })),
      hlts: [...hlts.values()].map(({ code, name }) => ({ code, name })),
      pts: ptsOut,
      llts: lltsOut,
      paths,
    },
  };
}

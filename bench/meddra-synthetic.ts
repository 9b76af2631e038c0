import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes a full-size **synthetic** MedDRA release in the official ASCII format (Latin-1,
 * `$`-separated, trailing `$`): invented terms and codes, no MedDRA content. Sizes like a
 * real release: 27 SOCs, ~340 HLGTs, ~1,700 HLTs, 25,000 PTs (a third of them in a second
 * SOC), 80,000 LLTs (one in twelve non-current). Seeded, so every run writes the same.
 *
 *   npx tsx bench/meddra-synthetic.ts <folder> [llts] [pts]
 */

const STEMS = [
  'cardi',
  'neur',
  'derm',
  'gastr',
  'hepat',
  'nephr',
  'pulmon',
  'oste',
  'my',
  'haem',
  'arthr',
  'encephal',
  'col',
  'cyst',
  'gingiv',
  'laryng',
  'mening',
  'ocul',
  'ot',
  'pancreat',
  'phleb',
  'rhin',
  'splen',
  'thyr',
  'tendin',
  'vascul',
  'lymph',
  'bronch',
  'cholecyst',
  'duoden',
  'oesophag',
  'pharyng',
  'retin',
  'sinus',
];
const SUFFIXES = [
  'itis',
  'algia',
  'opathy',
  'osis',
  'aemia',
  'ectasia',
  'oplasia',
  'ospasm',
  'orrhoea',
  'omegaly',
];
const MODIFIERS = [
  'acute',
  'chronic',
  'bilateral',
  'recurrent',
  'transient',
  'focal',
  'diffuse',
  'severe',
  'mild',
  'left',
  'right',
  'upper',
  'lower',
  'nocturnal',
  'postoperative',
  'congenital',
  'drug-induced',
  'allergic',
  'infective',
  'idiopathic',
  'toxic',
  'erosive',
  'haemorrhagic',
  'ischaemic',
  'intermittent',
  'neonatal',
];
const NOUNS = [
  'pain',
  'swelling',
  'rash',
  'lesion',
  'disorder',
  'syndrome',
  'infection',
  'haemorrhage',
  'oedema',
  'discomfort',
  'stiffness',
  'numbness',
  'fever',
  'ulcer',
  'spasm',
  'weakness',
  'irritation',
  'cramp',
  'abscess',
  'nodule',
  'fibrosis',
  'atrophy',
  'hypertrophy',
  'stenosis',
  'obstruction',
  'perforation',
];
const LAB = ['increased', 'decreased', 'abnormal', 'normal', 'fluctuating'];
const SOC_NAMES = [
  'Blood and lymphatic',
  'Cardiac',
  'Congenital',
  'Ear and labyrinth',
  'Endocrine',
  'Eye',
  'Gastrointestinal',
  'General',
  'Hepatobiliary',
  'Immune system',
  'Infections',
  'Injury and procedural',
  'Investigations',
  'Metabolism and nutrition',
  'Musculoskeletal',
  'Neoplasms',
  'Nervous system',
  'Pregnancy',
  'Product',
  'Psychiatric',
  'Renal and urinary',
  'Reproductive',
  'Respiratory',
  'Skin',
  'Social',
  'Surgical',
  'Vascular',
];

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticSizes {
  llts: number;
  pts: number;
}

/** The release's files by name (Latin-1 bytes). */
export function syntheticMeddra(sizes: SyntheticSizes = { llts: 80_000, pts: 25_000 }): Map<string, Buffer> {
  const rnd = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const condition = () => `${pick(STEMS)}${pick(SUFFIXES)}`;
  const lines: Record<string, string[]> = {};
  const put = (file: string, line: string) => {
    lines[file] ??= [];
    lines[file].push(line);
  };
  const trailer = (n: number) => '$'.repeat(n);

  // Codes: SOC 8000xxxx, HLGT 8100xxxx, HLT 8200xxxx, PT 83xxxxxx, extra LLTs 85xxxxxx.
  const socs = SOC_NAMES.map((name, i) => ({
    code: 80_000_001 + i,
    name: `${name} synthetic disorders`,
    abbrev: `S${name.slice(0, 4)}`,
  }));
  const hlgts: { code: number; soc: number; name: string }[] = [];
  const hlts: { code: number; hlgt: number; soc: number; name: string }[] = [];
  for (const soc of socs) {
    const count = 10 + Math.floor(rnd() * 6);
    for (let i = 0; i < count; i++) {
      const hlgt = {
        code: 81_000_001 + hlgts.length,
        soc: soc.code,
        name: `${cap(condition())} ${pick(NOUNS)}s and conditions`,
      };
      hlgts.push(hlgt);
      const hltCount = 4 + Math.floor(rnd() * 3);
      for (let j = 0; j < hltCount; j++)
        hlts.push({
          code: 82_000_001 + hlts.length,
          hlgt: hlgt.code,
          soc: soc.code,
          name: `${cap(condition())} ${pick(NOUNS)}s NEC`,
        });
    }
  }
  const pts: { code: number; name: string }[] = [];
  const ptNames = new Set<string>();
  let attempts = 0;
  while (pts.length < sizes.pts) {
    const shape = rnd();
    const name =
      shape < 0.05
        ? cap(condition())
        : shape < 0.3
          ? `${cap(pick(MODIFIERS))} ${condition()} ${pick(NOUNS)}`
          : shape < 0.75
            ? `${cap(pick(MODIFIERS))} ${condition()}`
            : shape < 0.9
              ? `${cap(condition())} ${pick(NOUNS)}`
              : `${cap(pick(STEMS))}al ${pick(['enzyme', 'protein', 'cell count', 'pressure', 'volume'])} ${pick(LAB)}`;
    if (++attempts > sizes.pts * 20) throw new Error('not enough distinct invented PT names');
    if (ptNames.has(name)) continue;
    ptNames.add(name);
    pts.push({ code: 83_000_001 + pts.length, name });
  }

  for (const s of socs) put('soc.asc', `${s.code}$${s.name}$${s.abbrev}${trailer(8)}`);
  for (const g of hlgts) {
    put('hlgt.asc', `${g.code}$${g.name}${trailer(8)}`);
    put('soc_hlgt.asc', `${g.soc}$${g.code}$`);
  }
  for (const h of hlts) {
    put('hlt.asc', `${h.code}$${h.name}${trailer(8)}`);
    put('hlgt_hlt.asc', `${h.hlgt}$${h.code}$`);
  }
  const socOf = new Map(socs.map((s) => [s.code, s]));
  const hlgtOf = new Map(hlgts.map((g) => [g.code, g]));
  for (const pt of pts) {
    const primary = pick(hlts);
    const paths = [primary];
    if (rnd() < 0.33) {
      const second = pick(hlts);
      if (second.soc !== primary.soc) paths.push(second);
    }
    put('pt.asc', `${pt.code}$${pt.name}$$${primary.soc}${trailer(7)}`);
    for (const [i, h] of paths.entries()) {
      const g = hlgtOf.get(h.hlgt)!;
      const s = socOf.get(h.soc)!;
      put('hlt_pt.asc', `${h.code}$${pt.code}$`);
      put(
        'mdhier.asc',
        `${pt.code}$${h.code}$${g.code}$${s.code}$${pt.name}$${h.name}$${g.name}$${s.name}$${s.abbrev}$$${primary.soc}$${i === 0 ? 'Y' : 'N'}$`,
      );
    }
    // Every PT is also an LLT with its own code and name.
    put('llt.asc', `${pt.code}$${pt.name}$${pt.code}$$$$$$$Y$$`);
  }
  for (let i = 0; i < sizes.llts - pts.length; i++) {
    const pt = pick(pts);
    const shape = rnd();
    const name =
      shape < 0.5
        ? `${cap(pick(MODIFIERS))} ${pt.name.toLowerCase()}`
        : shape < 0.8
          ? `${pt.name} ${pick(['aggravated', 'worsened', 'NOS', 'of unknown origin', 'recurrent', 'mild', 'severe'])}`
          : `${cap(pick(NOUNS))} of ${pt.name.toLowerCase()}`;
    put(
      'llt.asc',
      `${85_000_001 + i}$${name.slice(0, 100)}$${pt.code}$$$$$$$${rnd() < 1 / 12 ? 'N' : 'Y'}$$`,
    );
  }
  put('meddra_release.asc', '99.0$Synthetic$$');
  return new Map(
    Object.entries(lines).map(([name, list]) => [name, Buffer.from(`${list.join('\r\n')}\r\n`, 'latin1')]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx bench/meddra-synthetic.ts <folder> [llts] [pts]');
  const files = syntheticMeddra({
    llts: Number(process.argv[3] ?? 80_000),
    pts: Number(process.argv[4] ?? 25_000),
  });
  await mkdir(folder, { recursive: true });
  for (const [name, bytes] of files) await writeFile(join(folder, name), bytes);
  console.log(`wrote ${files.size} files to ${folder}`);
}

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

export interface ChunkSize {
  file: string;
  /** The page component the chunk was split for, or '(entry)'. */
  name: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface RouteSize {
  /** The lazily loaded page (its chunk's name). */
  page: string;
  own: ChunkSize;
  /** Every JavaScript file the browser loads to show the page: the entry and both import closures. */
  total: Omit<ChunkSize, 'file' | 'name'> & { files: number };
  /** Those files' names, so that what two pages load together can be counted once (bench/web.ts). */
  fileNames: string[];
}

/** One language's texts of a feature, a chunk of its own (decision 0315). */
export interface TextsChunk {
  /** The texts' file, from web/src (`features/cases/texts/en.json`). */
  module: string;
  /** Its language, from the file's name (`en.json`, `causality-en.json`). */
  language: string;
  /** The chunks that import it when they need it. */
  importedBy: string[];
}

export interface SizeReport {
  signIn: RouteSize | null;
  /** Each JavaScript file that holds one language's texts of a feature, by file name. */
  texts: Record<string, TextsChunk>;
  routes: RouteSize[];
  /** Every JavaScript file of the build. */
  all: Omit<ChunkSize, 'file' | 'name'> & { files: number };
  /** Each JavaScript file's gzip bytes. */
  gzipByFile: Record<string, number>;
}

/** The page whose JavaScript total is the budget of decision 0039 (≤ 200 KB gzip). */
export const signInPage = 'LoginPage';
export const signInBudgetGzipBytes = 200 * 1024;

interface ChunkNode {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

/** Writes `<file>.gz` and `<file>.br` beside every text file under `dir` (when smaller). */
async function precompress(
  dir: string,
): Promise<Map<string, { bytes: number; gzip: number; brotli: number }>> {
  const sizes = new Map<string, { bytes: number; gzip: number; brotli: number }>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !compressible.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    const content = await readFile(path);
    const [gz, br] = await Promise.all([
      gzipAsync(content, { level: 9 }),
      brotliAsync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    // A file that compression does not shrink is served as it is.
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    sizes.set(relative(dir, path), {
      bytes: content.length,
      gzip: Math.min(gz.length, content.length),
      brotli: Math.min(br.length, content.length),
    });
  }
  return sizes;
}

/** The chunk and every chunk it imports statically (what loads with it). */
function closure(start: string, chunks: Map<string, ChunkNode>, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const next of chunks.get(start)?.imports ?? []) closure(next, chunks, into);
  return into;
}

function sum(files: Iterable<string>, sizes: Map<string, { bytes: number; gzip: number; brotli: number }>) {
  const total = { bytes: 0, gzip: 0, brotli: 0, files: 0 };
  for (const file of files) {
    const size = sizes.get(file);
    if (!size) continue;
    total.bytes += size.bytes;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
    total.files += 1;
  }
  return total;
}

/** Sizes per lazily loaded page, from the chunk graph and the compressed files. */
export function sizeReport(
  chunks: Map<string, ChunkNode>,
  sizes: Map<string, { bytes: number; gzip: number; brotli: number }>,
  modules: { notPages: RegExp; startup: RegExp; texts: RegExp },
): SizeReport {
  const atStart = (chunk: ChunkNode) => modules.startup.test(chunk.facadeModuleId ?? '');
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry || atStart(chunk));
  const entryFiles = new Set<string>();
  for (const entry of entries) closure(entry.fileName, chunks, entryFiles);
  const routes = [...chunks.values()]
    .filter(
      (chunk) =>
        chunk.isDynamicEntry && !atStart(chunk) && !modules.notPages.test(chunk.facadeModuleId ?? ''),
    )
    .map((chunk): RouteSize => {
      const files = closure(chunk.fileName, chunks, new Set(entryFiles));
      const own = sizes.get(chunk.fileName) ?? { bytes: 0, gzip: 0, brotli: 0 };
      return {
        page: chunk.name,
        own: { file: chunk.fileName, name: chunk.name, ...own },
        total: sum(files, sizes),
        fileNames: [...files].filter((file) => sizes.has(file)).sort(),
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
  const allJs = [...chunks.keys()];
  const texts: Record<string, TextsChunk> = {};
  for (const chunk of chunks.values()) {
    const match = modules.texts.exec(chunk.facadeModuleId ?? '');
    if (!match) continue;
    texts[chunk.fileName] = {
      module: match[1] ?? '',
      language: /(?:^|[-/])(\w+)\.json$/.exec(match[1] ?? '')?.[1] ?? '',
      importedBy: [...chunks.values()]
        .filter((other) => other.dynamicImports.includes(chunk.fileName))
        .map((other) => other.fileName)
        .sort(),
    };
  }
  return {
    signIn: routes.find((route) => route.page === signInPage) ?? null,
    texts,
    routes,
    all: sum(allJs, sizes),
    gzipByFile: Object.fromEntries(
      allJs.flatMap((file) => {
        const size = sizes.get(file);
        return size ? [[file, size.gzip]] : [];
      }),
    ),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report as a Markdown table, printed by the build and by the benchmark. */
export function formatReport(report: SizeReport): string {
  const lines = [
    '| page chunk | own KB | own gzip KB | own brotli KB | with entry gzip KB | with entry brotli KB | files |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const route of report.routes) {
    lines.push(
      `| ${route.page} | ${kb(route.own.bytes)} | ${kb(route.own.gzip)} | ${kb(route.own.brotli)} | ${kb(route.total.gzip)} | ${kb(route.total.brotli)} | ${route.total.files} |`,
    );
  }
  lines.push('');
  lines.push('"with entry": the page, the entry and what both import; signed-in pages also load AppLayout.');
  lines.push(
    `all JavaScript: ${kb(report.all.bytes)} KB, gzip ${kb(report.all.gzip)} KB, brotli ${kb(report.all.brotli)} KB in ${report.all.files} files`,
  );
  const signIn = report.signIn;
  if (signIn) {
    const met = signIn.total.gzip <= signInBudgetGzipBytes;
    lines.push(
      `sign-in page JavaScript: ${kb(signIn.total.bytes)} KB, gzip ${kb(signIn.total.gzip)} KB, brotli ${kb(signIn.total.brotli)} KB in ${signIn.total.files} files (budget ≤ ${kb(signInBudgetGzipBytes)} KB gzip: ${met ? 'met' : 'NOT met'})`,
    );
  }
  return lines.join('\n');
}

/**
 * Pre-compresses the build (gzip and brotli beside each file, served by the server's static
 * handler) and prints the JavaScript each page loads; the figures go to `reportFile` for the
 * benchmark (decision 0039).
 */
export function builtAssets(options: {
  reportFile: string;
  /** Lazily imported modules that are not pages (each language's text). */
  notPages: RegExp;
  /** A feature's texts in one language; its first group is the file's path from web/src. */
  texts: RegExp;
  /** Lazily imported modules every page fetches as it starts (the default language's text). */
  startup: RegExp;
}): Plugin {
  return {
    name: 'vigilo-built-assets',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(output, bundle) {
        const dir = output.dir;
        if (!dir) return;
        const chunks = new Map<string, ChunkNode>();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          chunks.set(file.fileName, {
            fileName: file.fileName,
            name: file.name,
            isEntry: file.isEntry,
            isDynamicEntry: file.isDynamicEntry,
            facadeModuleId: file.facadeModuleId,
            imports: file.imports,
            dynamicImports: file.dynamicImports,
          });
        }
        const report = sizeReport(chunks, await precompress(dir), options);
        await writeFile(options.reportFile, `${JSON.stringify(report, null, 2)}\n`);
        this.info(`\n${formatReport(report)}`);
      },
    },
  };
}

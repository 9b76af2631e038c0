import { join } from 'node:path';
import type { Plugin } from 'vite';

const shim = join(import.meta.dirname, '..', 'src', 'lib', 'remove-scroll-names.ts');
const appShell = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;

/**
 * Mantine's AppShell header, footer and aside import `react-remove-scroll` only to read one
 * class name (`RemoveScroll.classNames.zeroRight`), which loads the whole scroll lock (4.2 KB
 * gzip) on every signed-in page. For those three imports, this resolves the package to a module
 * that holds the same names, taken from the library's own constants; the dialogs that lock the
 * scroll still import the real one (decision 0326).
 */
export function appShellScrollNames(): Plugin {
  return {
    name: 'vigilo:app-shell-scroll-names',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react-remove-scroll' && importer && appShell.test(importer) ? shim : null;
    },
  };
}

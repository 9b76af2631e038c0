/**
 * Node.js flags every Vigilo server and worker process runs with (decision 0126): the npm
 * scripts (`npm start`, `npm run worker`) write them out, and the processes that tests and
 * benchmarks start take them from here, so what is measured is what runs.
 * - `--max-semi-space-size=16`: V8's young generation as Node 20 sized it (16 MB per
 *   semi-space). Node 24 lets it grow with the heap, and a streamed 100,000-case export then
 *   held 506 MB at its peak, against 319 MB with the flag.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * The reference-data pages, one chunk for all seven: each lazily loaded module of an area
 * adds its list of dependencies to the entry chunk, which the public form and the sign-in
 * page also load (decisions 0039, 0123). Seven chunks cost those pages 0.4 KB gzip more than
 * one (decision 0152); an administrator's first reference-data page loads about 16 KB gzip.
 */
export { ArrangementPage } from './ArrangementPage.tsx';
export { DictionariesPage } from './DictionariesPage.tsx';
export { DrugsPage } from './DrugsPage.tsx';
export { EdqmPage } from './EdqmPage.tsx';
export { HospitalsPage } from './HospitalsPage.tsx';
export { IdapsPage } from './IdapsPage.tsx';
export { MeddraPage } from './MeddraPage.tsx';

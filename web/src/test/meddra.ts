/**
 * The synthetic MedDRA release (server/test/fixtures/meddra-synthetic) as the server answers
 * it: one place for the web tests that look terms up (pickers, coding, case view).
 */
export const meddraRelease = {
  id: 'a0000000-0000-4000-8000-000000000001',
  version: '90.0',
  language: 'English',
  status: 'ready',
  progress: 100,
  counts: {},
  errors: [],
  isDefault: true,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:01:00.000Z',
};

interface Level {
  code: number;
  name: string;
}

/** The release's system organ classes. */
export const syntheticSoc = {
  nervous: { code: 90000001, name: 'Synthetic nervous disorders', abbrev: 'SNerv' },
  skin: { code: 90000002, name: 'Synthetic skin disorders', abbrev: 'SSkin' },
};

/** A term's path in the release, as `GET /v1/meddras/lookup` answers it (the LLT current unless said). */
export const meddraPath = (
  llt: Level & { current?: boolean },
  pt: Level,
  soc: Level & { abbrev: string },
  { hlt = null, hlgt = null }: { hlt?: Level | null; hlgt?: Level | null } = {},
) => ({
  versionId: meddraRelease.id,
  version: meddraRelease.version,
  llt: { current: true, ...llt },
  pt,
  hlt,
  hlgt,
  soc,
  primary: true,
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser } from '../browser.ts';
import {
  type AxeFinding,
  axeFindings,
  contextAt,
  overflowOf,
  DEMO_PASSWORD as password,
  setAccountLanguage,
  signIn,
} from '../journey.ts';
import { addReceiver, apiToken, distribute, readyCase, sendReport } from '../submissions.ts';

/**
 * Decision 0039: every route, as every role that meets it, in light and dark, has no serious or
 * critical axe-core violation, and no page scrolls sideways at 320 CSS pixels, in English
 * or French (WCAG 1.4.10). Decision 0310: axe at desktop width in light and English, at phone
 * width in dark and French, and a page an earlier role checks as the same page is not checked again.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let ids: {
  userId: string;
  groupId: string;
  organisationId: string;
  formViewId: string;
  platformId: string;
  caseId: string;
  myReportId: string;
  arrangementId: string;
  drugId: string;
  submissionReportId: string;
  receiverId: string;
};

/** A case of the staff member's organisation for the case pages (the demo seed has none). */
async function sendCase(): Promise<string> {
  const token = await apiToken(baseUrl, 'staff@demo.vigilo.test', password);
  const sent = await sendReport(baseUrl, token, {
    schemaVersion: 1,
    C: { reportType: '1', primarySources: [{ givenName: 'Ada', familyName: 'Reed', country: 'GB' }] },
    D: { name: 'A.R.', sex: '1' },
    E: { reactions: [{ id: crypto.randomUUID(), nativeTerm: 'Rash', hospitalisation: true }] },
    G: { drugs: [{ id: crypto.randomUUID(), role: '1', name: 'Amoxicillin 500 mg capsules' }] },
    H: { narrative: 'A rash two days after starting amoxicillin.' },
  });
  return sent.id;
}

/** A report the demo reporter sent themselves, for My reports' read-only page. */
async function sendOwnReport(): Promise<string> {
  const token = await apiToken(baseUrl, 'reporter@demo.vigilo.test', password);
  const sent = await sendReport(baseUrl, token, {
    schemaVersion: 1,
    C: { reportType: '1', primarySources: [{ givenName: 'Rita', familyName: 'Porter', country: 'GB' }] },
    D: { name: 'R.P.', sex: '2' },
    E: { reactions: [{ id: crypto.randomUUID(), nativeTerm: 'Headache' }] },
    G: { drugs: [{ id: crypto.randomUUID(), role: '1', name: 'Ibuprofen 200 mg tablets' }] },
  });
  return sent.id;
}

/** A submission report for the submission pages: a case sent to a receiver with no transport (it stays NOT_SENT). */
async function makeSubmissionReport(): Promise<{ submissionReportId: string; receiverId: string }> {
  const token = await apiToken(baseUrl, 'orgadmin@demo.vigilo.test', password);
  const receiver = await addReceiver(baseUrl, token, `By post (accessibility run ${Date.now()})`, {
    type: 'none',
  });
  const ready = await readyCase(baseUrl, token);
  const [report] = await distribute(baseUrl, token, ready.id, [receiver.id]);
  return { submissionReportId: report!.id, receiverId: receiver.id };
}

/** An arrangement of the organisation administrator's organisation, with one entry, for its editor. */
async function makeArrangement(): Promise<string> {
  const token = await apiToken(baseUrl, 'orgadmin@demo.vigilo.test', password);
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { id: string };
  const entry = await post('/v1/terminology-entries', { dictionary: 'routes-axe', code: 'PO', term: 'Oral' });
  const arrangement = await post('/v1/terminology-arrangements', {
    name: 'Routes (accessibility run)',
    dictionary: 'routes-axe',
    items: [{ entryId: entry.id, parentEntryId: null }],
  });
  return arrangement.id;
}

beforeAll(async () => {
  browser = await connectBrowser();
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const one = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]!.id;
    ids = {
      userId: await one("SELECT id FROM users WHERE email = 'reporter@demo.vigilo.test'"),
      organisationId: await one(
        "SELECT id FROM organisations WHERE name = 'National Pharmacovigilance Centre'",
      ),
      formViewId: await one(
        "SELECT v.id FROM form_views v JOIN platforms p ON p.id = v.platform_id WHERE p.domain = 'localhost' AND v.key = 'adr-public'",
      ),
      platformId: await one("SELECT id FROM platforms WHERE domain = 'localhost'"),
      groupId: await one(
        "SELECT g.id FROM user_groups g JOIN organisations o ON o.id = g.organisation_id WHERE o.name = 'National Pharmacovigilance Centre' LIMIT 1",
      ),
      caseId: await sendCase(),
      myReportId: await sendOwnReport(),
      arrangementId: await makeArrangement(),
      ...(await makeSubmissionReport()),
      drugId: await one(
        "SELECT d.id FROM drugs d JOIN organisations o ON o.id = d.organisation_id WHERE o.name = 'National Pharmacovigilance Centre' ORDER BY d.code LIMIT 1",
      ),
    };
  } finally {
    await db.end();
  }
});
afterAll(() => browser?.close());

type Ids = typeof ids;
/** Every path of web/src/app/routes.tsx, with how to visit it (a redirect is not visited). */
const routeTable: Record<string, { signedIn: boolean; visit: (ids: Ids) => string } | 'redirect'> = {
  // The public landing (`/` signed out; its route has no path of its own).
  '(landing)': { signedIn: false, visit: (i) => `/?platformId=${i.platformId}` },
  login: { signedIn: false, visit: () => '/login' },
  'login/assessor': { signedIn: false, visit: () => '/login/assessor' },
  assessor: 'redirect',
  'forgot-password': { signedIn: false, visit: () => '/forgot-password' },
  'reset-password': { signedIn: false, visit: () => '/reset-password?token=not-a-real-token' },
  'invite/accept': { signedIn: false, visit: () => '/invite/accept?token=not-a-real-token' },
  'sso/complete': { signedIn: false, visit: () => '/sso/complete' },
  register: { signedIn: false, visit: () => '/register' },
  'verify-email': { signedIn: false, visit: () => '/verify-email?token=not-a-real-token' },
  profile: { signedIn: true, visit: () => '/profile' },
  'admin/organisations': { signedIn: true, visit: () => '/admin/organisations' },
  'admin/organisations/:id': { signedIn: true, visit: (i) => `/admin/organisations/${i.organisationId}` },
  'admin/organisation': { signedIn: true, visit: () => '/admin/organisation' },
  'admin/invites': { signedIn: true, visit: () => '/admin/invites' },
  'admin/user-groups': { signedIn: true, visit: () => '/admin/user-groups' },
  'admin/user-groups/:id': { signedIn: true, visit: (i) => `/admin/user-groups/${i.groupId}` },
  account: { signedIn: true, visit: () => '/account' },
  'account/security': { signedIn: true, visit: () => '/account/security' },
  'admin/users': { signedIn: true, visit: () => '/admin/users' },
  'admin/users/:id': { signedIn: true, visit: (i) => `/admin/users/${i.userId}` },
  'admin/change-requests': { signedIn: true, visit: () => '/admin/change-requests' },
  'admin/sso-providers': { signedIn: true, visit: () => '/admin/sso-providers' },
  'admin/api-keys': { signedIn: true, visit: () => '/admin/api-keys' },
  'admin/forms': { signedIn: true, visit: () => '/admin/forms' },
  'admin/forms/:id': { signedIn: true, visit: (i) => `/admin/forms/${i.formViewId}` },
  // Reference data: MedDRA releases, an organisation's dictionaries and one arrangement's tree.
  'admin/meddra': { signedIn: true, visit: () => '/admin/meddra' },
  'admin/dictionaries': { signedIn: true, visit: () => '/admin/dictionaries?dictionary=routes-axe' },
  'admin/dictionaries/arrangements/:id': {
    signedIn: true,
    visit: (i) => `/admin/dictionaries/arrangements/${i.arrangementId}`,
  },
  'admin/drugs': { signedIn: true, visit: () => '/admin/drugs' },
  'admin/drugs/:id/idaps': { signedIn: true, visit: (i) => `/admin/drugs/${i.drugId}/idaps` },
  'admin/edqm': { signedIn: true, visit: () => '/admin/edqm' },
  'admin/hospitals': { signedIn: true, visit: () => '/admin/hospitals' },
  // Case management (the inbox, a case and its History and E2B(R3) tabs, the import page).
  cases: { signedIn: true, visit: () => '/cases' },
  'cases/:id': { signedIn: true, visit: (i) => `/cases/${i.caseId}` },
  'cases/:id?tab=history': { signedIn: true, visit: (i) => `/cases/${i.caseId}?tab=history` },
  'cases/:id?tab=e2b': { signedIn: true, visit: (i) => `/cases/${i.caseId}?tab=e2b` },
  'cases/import': { signedIn: true, visit: () => '/cases/import' },
  // The former E2B(R3) page: it opens the case's E2B(R3) tab.
  'cases/:id/e2b': 'redirect',
  // Submissions (issue 15): the dashboard, a submission report, the review queue and the signature step.
  submissions: { signedIn: true, visit: () => '/submissions' },
  'submissions/reports/:id': { signedIn: true, visit: (i) => `/submissions/reports/${i.submissionReportId}` },
  'submissions/responses': { signedIn: true, visit: () => '/submissions/responses' },
  'submissions/review': { signedIn: true, visit: () => '/submissions/review' },
  'submissions/review/:id': { signedIn: true, visit: (i) => `/submissions/review/${i.submissionReportId}` },
  // Receivers of an organisation (issue 15): the list, a new one and one receiver's settings.
  'admin/organisations/:id/receivers': {
    signedIn: true,
    visit: (i) => `/admin/organisations/${i.organisationId}/receivers`,
  },
  'admin/organisations/:id/receivers/new': {
    signedIn: true,
    visit: (i) => `/admin/organisations/${i.organisationId}/receivers/new`,
  },
  'admin/organisations/:id/receivers/:receiverId': {
    signedIn: true,
    visit: (i) => `/admin/organisations/${i.organisationId}/receivers/${i.receiverId}`,
  },
  // A reporter's own drafts and sent reports.
  'my-reports': { signedIn: true, visit: () => '/my-reports' },
  'my-reports/:id': { signedIn: true, visit: (i) => `/my-reports/${i.myReportId}` },
  // Public reporting (signed out; the journey's first page, the confirmation).
  report: {
    signedIn: false,
    visit: (i) => `/report?platformId=${i.platformId}&organisation=${i.organisationId}`,
  },
  'report/:formViewId/:step?': {
    signedIn: false,
    visit: (i) => `/report/${i.formViewId}/patient?organisation=${i.organisationId}`,
  },
  'report/sent/:reference': { signedIn: false, visit: () => '/report/sent/K7HD-3MXT-R' },
  // The not-found page, signed out and signed in.
  '*': { signedIn: false, visit: () => '/no/such/page' },
};

// What each role meets: its menu's pages (written by hand, as the menu shows them), the
// not-found page, and for those without administration one page that says "no access".
const own = ['profile', 'account', 'account/security', '*'];
const people = [
  'admin/users',
  'admin/users/:id',
  'admin/change-requests',
  'admin/invites',
  'admin/user-groups',
  'admin/user-groups/:id',
];
// Reference data every caseworker reads (products, IDAPS, EDQM terms, hospitals); administrators also MedDRA and dictionaries.
const readReference = ['admin/drugs', 'admin/drugs/:id/idaps', 'admin/edqm', 'admin/hospitals'];
const referenceData = [
  'admin/meddra',
  'admin/dictionaries',
  'admin/dictionaries/arrangements/:id',
  ...readReference,
];
const platformWide = [
  ...own,
  ...people,
  'admin/organisation',
  'admin/organisations',
  'admin/organisations/:id',
  'admin/forms',
  'admin/forms/:id',
  'admin/api-keys',
  'admin/sso-providers',
  ...referenceData,
];
const roles = [
  {
    name: 'reporter',
    email: 'reporter@demo.vigilo.test',
    door: '/login',
    routes: [...own, 'admin/users', 'my-reports', 'my-reports/:id'],
  },
  {
    name: 'staff',
    email: 'staff@demo.vigilo.test',
    door: '/login',
    routes: [
      ...own,
      'admin/users',
      'cases',
      'cases/:id',
      'cases/:id?tab=history',
      'cases/:id?tab=e2b',
      'cases/import',
      'submissions',
      'submissions/reports/:id',
      'submissions/responses',
      ...readReference,
    ],
  },
  {
    name: 'organisation admin',
    email: 'orgadmin@demo.vigilo.test',
    door: '/login',
    routes: [
      ...own,
      ...people,
      'admin/organisation',
      'admin/api-keys',
      'admin/organisations',
      'cases',
      'cases/:id',
      'submissions',
      'submissions/reports/:id',
      'submissions/responses',
      'submissions/review',
      'submissions/review/:id',
      'admin/organisations/:id/receivers',
      'admin/organisations/:id/receivers/new',
      'admin/organisations/:id/receivers/:receiverId',
      // The platform's forms, read only for an organisation's administrator.
      'admin/forms',
      'admin/forms/:id',
      ...referenceData,
    ],
  },
  {
    name: 'assessor',
    email: 'assessor@demo.vigilo.test',
    door: '/login/assessor',
    routes: [
      ...own,
      'admin/users',
      'cases',
      'submissions/review',
      'submissions/review/:id',
      ...readReference,
    ],
  },
  { name: 'platform admin', email: 'platformadmin@demo.vigilo.test', door: '/login', routes: platformWide },
  { name: 'system admin', email: 'sysadmin@demo.vigilo.test', door: '/login', routes: platformWide },
] as const;

/**
 * The pages a role meets that an earlier role's sweep already checks as the same page (the same
 * components, menus and actions; decision 0310): the sweep leaves them out for this role, so CI
 * stays within its time. Every role still opens its own profile page, where its menu is checked.
 */
const orgAdminPages = roles.find((role) => role.name === 'organisation admin')!.routes;
const checkedBefore: Record<string, readonly string[]> = {
  assessor: ['account', 'account/security', '*', 'admin/users', 'cases', ...readReference],
  'platform admin': [...orgAdminPages.filter((route) => route !== 'profile')],
  'system admin': platformWide.filter(
    (route) => !['profile', 'admin/organisations', 'admin/organisations/:id', 'admin/users'].includes(route),
  ),
};
const sweepOf = (role: (typeof roles)[number]) =>
  role.routes.filter((route) => !(checkedBefore[role.name] ?? []).includes(route));

const schemes = [
  // Light pages are read in English at desktop width, dark ones in French at phone width.
  { scheme: 'light', language: 'en', axeWidth: 1280 },
  { scheme: 'dark', language: 'fr', axeWidth: 320 },
] as const;

type Finding = AxeFinding & { where: string };

/**
 * The signed-in pages a scheme checks (decision 0310, addendum): in CI every second page of a
 * role's sweep in light and English, the others in dark and French, so each page is checked
 * once and both schemes meet every kind of page within CI's 30 minutes on two cores;
 * `E2E_SWEEP=full` checks every page in both.
 */
function share(routes: readonly string[], variant: (typeof schemes)[number]): readonly string[] {
  if (process.env.E2E_SWEEP === 'full') return routes;
  const half = variant.scheme === 'light' ? 0 : 1;
  return routes.filter((_, i) => i % 2 === half);
}

/**
 * Waits for the account's turn: its language is saved on the account, so its light (English)
 * and dark (French) runs must not overlap. Answers the function that ends the turn.
 */
const turns = new Map<string, Promise<void>>();
async function turnOf(email: string): Promise<() => void> {
  const before = turns.get(email) ?? Promise.resolve();
  let end = () => {};
  const mine = new Promise<void>((resolve) => (end = resolve));
  turns.set(
    email,
    before.then(() => mine),
  );
  await before;
  return end;
}

/** A browser context in the scheme and language, signed in as `email` unless null. */
async function contextFor(
  variant: (typeof schemes)[number],
  role: (typeof roles)[number] | null,
): Promise<BrowserContext> {
  const context = await contextAt(browser, 1280, {
    colorScheme: variant.scheme,
    locale: variant.language === 'fr' ? 'fr-FR' : 'en-GB',
  });
  await context.addInitScript(
    (language) => window.localStorage.setItem('vigilo.language', language),
    variant.language,
  );
  if (role) {
    const page = await context.newPage();
    await signIn(page, role.email, password, role.door);
    // The account's saved language wins over the browser's: it is set for this run.
    await setAccountLanguage(page, variant.language);
    await page.reload();
    await page.locator(`html[lang="${variant.language}"]`).waitFor();
    await page.close();
  }
  return context;
}

/**
 * Visits each route: axe at one width (desktop in light and English, phone in dark and French,
 * decision 0310), and the reflow check at 320 px in both.
 */
async function audit(context: BrowserContext, label: string, paths: string[], axeWidth: 1280 | 320) {
  const findings: Finding[] = [];
  const overflows: string[] = [];
  const page = await context.newPage();
  for (const path of paths) {
    const where = `${label} ${path}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}${path}`);
    await page.locator('h1').first().waitFor();
    // The data of the page, and what its render asks for next (a debounced search): a
    // narrower wait (no request in flight for two frames) caught the E2B tab still "Loading…".
    await page.waitForLoadState('networkidle');
    if (axeWidth === 1280)
      findings.push(...(await axeFindings(page)).map((f) => ({ ...f, where: `${where} @1280` })));
    // 320 CSS px is WCAG 1.4.10's width; the phone journeys look at 390 themselves.
    for (const width of [320]) {
      await page.setViewportSize({ width, height: 800 });
      const { overflow, culprits } = await overflowOf(page);
      if (overflow > 0) overflows.push(`${where} @${width}px: ${overflow}px too wide: ${culprits.join(' ')}`);
    }
    if (axeWidth === 320)
      findings.push(...(await axeFindings(page)).map((f) => ({ ...f, where: `${where} @320` })));
  }
  await page.close();
  return { findings, overflows };
}

function report({ findings, overflows }: { findings: Finding[]; overflows: string[] }): string {
  return [
    ...findings.map(
      (f) => `${f.where}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.slice(0, 3).join(' | ')}`,
    ),
    ...overflows,
  ].join('\n');
}

/** The addresses to visit for these routes of the table. */
function paths(routes: readonly string[]): string[] {
  return routes.map((route) => {
    const entry = routeTable[route];
    if (!entry || entry === 'redirect') throw new Error(`no way to visit ${route}`);
    return entry.visit(ids);
  });
}
const signedOutRoutes = Object.entries(routeTable).flatMap(([route, entry]) =>
  entry !== 'redirect' && !entry.signedIn ? [route] : [],
);

describe('accessibility and reflow of every page', () => {
  it('lists every route of the app', async () => {
    // Routes are declared in app/routes.tsx and each feature's area.tsx (nav entries start with "/").
    const web = join(repoRoot, 'web', 'src');
    const features = await readdir(join(web, 'features'));
    const files = [
      join(web, 'app', 'routes.tsx'),
      ...features.map((f) => join(web, 'features', f, 'area.tsx')),
    ];
    const sources = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '')));
    const declared = sources.flatMap((source) =>
      [...source.matchAll(/path: '([^'/][^']*|\*)'/g)].map((m) => m[1]),
    );
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((path) => !(path! in routeTable))).toEqual([]);
    // Every signed-in page is checked by someone, and a page left out for a role is one that an
    // earlier role checks.
    const visited = new Set(roles.flatMap((role) => sweepOf(role)));
    for (const [index, role] of roles.entries()) {
      const before = new Set(roles.slice(0, index).flatMap((earlier) => sweepOf(earlier)));
      expect(role.routes.filter((route) => !sweepOf(role).includes(route) && !before.has(route))).toEqual([]);
    }
    const signedIn = Object.entries(routeTable).filter(([, entry]) => entry !== 'redirect' && entry.signedIn);
    expect(signedIn.map(([route]) => route).filter((route) => !visited.has(route))).toEqual([]);
  });

  // Two at a time (maxConcurrency in e2e/vitest.config.ts): a visit waits on the server and the
  // browser in turn, so a second one fills the other core. Light pages first, then dark ones, so
  // the two running are mostly different accounts; the account's turn keeps its two apart.
  for (const variant of schemes) {
    it.concurrent(`signed out, ${variant.scheme}, ${variant.language}`, async ({ expect }) => {
      const context = await contextFor(variant, null);
      const result = await audit(
        context,
        `signed out ${variant.scheme}/${variant.language}`,
        paths(signedOutRoutes),
        variant.axeWidth,
      );
      await context.close();
      expect(report(result)).toBe('');
    }, 300_000);
    for (const role of roles) {
      it.concurrent(`${role.name}, ${variant.scheme}, ${variant.language}`, async ({ expect }) => {
        const done = await turnOf(role.email);
        const context = await contextFor(variant, role);
        try {
          const where = `${role.name} ${variant.scheme}/${variant.language}`;
          expect(
            report(await audit(context, where, paths(share(sweepOf(role), variant)), variant.axeWidth)),
          ).toBe('');
        } finally {
          // The demo accounts speak English again for the other journeys.
          if (variant.language !== 'en') {
            const page = await context.newPage();
            await page.goto(`${baseUrl}/profile`);
            await setAccountLanguage(page, 'en');
          }
          await context.close();
          done();
        }
      }, 300_000);
    }
  }
});

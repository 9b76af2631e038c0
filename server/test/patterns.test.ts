import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Tenant scope by construction (decision 0050): every exported repository function that
 * queries the database (its first parameter is a `Db`) takes a `scope: Scope` and filters
 * in the query, so a service cannot load another tenant's row by forgetting a check.
 * The few that work on rows no tenant owns, or that run before there is a caller, are
 * listed below, each with the reason.
 */
const ALLOWED_WITHOUT_SCOPE: Record<string, string> = {
  // Sessions and one-time tokens: found by the hash of a secret the holder presents, or by
  // the session's own ids; they exist before (and to build) an actor.
  'auth/insertRefreshToken': 'a session being issued, after sign-in',
  // Time zones (decision 0318): the database's list of zone names is no tenant's; an
  // organisation's zone is read for a case or submission its caller has already loaded in scope.
  'organisations/databaseKnowsZone': "PostgreSQL's pg_timezone_names, no tenant's rows",
  'organisations/organisationCalendar': 'the zone and today of an organisation the caller has already loaded',
  'auth/findRefreshTokenForUpdate': 'by the hash of the presented refresh token',
  'auth/markRotated': 'the refresh token just found by its hash',
  'auth/revokeFamily': "the caller's own session family",
  'auth/deleteExpiredRefreshTokens': 'background clean-up of every tenant',
  'auth/findActiveActor': 'builds the actor the scope is derived from',
  'auth/setSessionOrganisation': "the caller's own session family",
  'auth/markSessionAuthenticated': "the caller's own session family",
  'auth/takeAttempt': 'sign-in throttle, keyed by login name and address',
  'auth/forgetAttempts': 'sign-in throttle rows',
  'auth/clearFailures': 'sign-in throttle rows',
  'auth/normaliseLoginName': 'pure SQL normalisation, reads no table',
  'auth/revokeUserSessions': 'sessions of a user the service has already loaded in scope',
  'auth/insertAccessToken': 'one-time token for a user already loaded in scope',
  'auth/consumeAccessToken': 'by the hash of the presented token',
  'auth/spendAccessTokens': 'one-time tokens of a user already loaded in scope',
  'auth/deleteStaleSecurityRows': 'background clean-up of every tenant',
  'accounts/findPendingAccountRequests':
    'sign-in: requests waiting for the address typed, before there is a caller',
  'api-keys/findKeyForAuthentication': 'by the key id the caller presents, then its hash: builds the actor',
  'api-keys/touchKey': 'the key that just authenticated the request',
  'invites/findInviteByTokenHash': 'by the hash of the presented invite token',
  'users/findLoginCandidates': 'sign-in: the accounts a login name may mean, before there is a caller',
  'users/loginNameTaken': 'login names are unique across the platform, whoever asks',
  'platforms/domainTaken': 'a host name is unique across every platform',
  'platforms/findPublicPlatformByDomain': 'public: which platform serves this address',
  'sso/findPlatformIdByDomain': 'public: which platform serves this address',
  'sso/insertLoginState': 'an SSO sign-in in progress, before there is a caller',
  'sso/consumeLoginState': 'by the random state the identity provider sends back',
  'sso/insertHandoff': 'an SSO sign-in in progress, before there is a caller',
  'sso/consumeHandoff': 'by the hash of the presented hand-off code',
  'sso/deleteExpiredSsoRows': 'background clean-up of every tenant',
  'mfa/advanceTimeStep': 'replay guard of a factor already loaded in scope',
  'edqm/searchTerms': 'installation-wide EDQM standard terms, no tenant owns them (decision 0145)',
  'edqm/termsByCode': 'installation-wide EDQM standard terms, no tenant owns them (decision 0145)',
  'edqm/upsertTerms': 'installation-wide EDQM standard terms, no tenant owns them (decision 0145)',
  'meddra/listVersions': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/findVersion': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/defaultVersion': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/insertVersion': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/insertImportFiles': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/readImportFiles': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/setVersionState': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/insertRelease': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/searchLltsByPrefix': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/vocabulary': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/searchLltsByWords': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/analyzeReleases': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/pathsOfLlts': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/levelsOfCode': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/pathsAbove': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/childTerms': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/ptNames': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'meddra/termNames': 'installation-wide MedDRA reference data, no tenant owns it (decision 0111)',
  'mfa/touchRememberedDevice': 'by the hash of the presented device token',
  'drugs/analyzeDrugs': 'planner statistics of the product tables: reads and writes no row (decision 0142)',
};

const modulesDir = join(import.meta.dirname, '..', 'src', 'modules');

interface Found {
  name: string;
  scoped: boolean;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Exported functions of a file whose first parameter is typed `Db`, and whether one parameter is `scope: Scope`. */
function databaseFunctions(file: string): Found[] {
  const code = readFileSync(file, 'utf8');
  const { program, errors } = parseSync(file, code, { lang: 'ts' });
  expect(errors, file).toEqual([]);
  const typeOf = (param: Node) => {
    const p = (param.type === 'AssignmentPattern' ? param.left : param) as Node;
    const annotation = (p.typeAnnotation as Node | null)?.typeAnnotation as Node | undefined;
    return {
      name: p.name as string | undefined,
      type: annotation && code.slice(annotation.start, annotation.end),
    };
  };
  const found: Found[] = [];
  const check = (name: string, fn: Node) => {
    const params = (fn.params as Node[]).map(typeOf);
    if (params[0]?.type !== 'Db') return;
    found.push({ name, scoped: params.some((p) => p.name === 'scope' && p.type === 'Scope') });
  };
  for (const statement of program.body as unknown as Node[]) {
    if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) continue;
    const declaration = statement.declaration as Node;
    if (declaration.type === 'FunctionDeclaration')
      check((declaration.id as Node).name as string, declaration);
    if (declaration.type === 'VariableDeclaration') {
      for (const d of declaration.declarations as Node[]) {
        const init = d.init as Node | null;
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression'))
          check((d.id as Node).name as string, init);
      }
    }
  }
  return found;
}

const repositories = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(modulesDir, d.name))
      .filter((f) => f.endsWith('.repository.ts'))
      .map((f) => ({ area: d.name, file: join(modulesDir, d.name, f) })),
  );

describe('tenant scope by construction', () => {
  const all = repositories.flatMap(({ area, file }) =>
    databaseFunctions(file).map((f) => ({ ...f, area, key: `${area}/${f.name}` })),
  );

  it('finds the repositories and their functions', () => {
    expect(repositories.length).toBeGreaterThan(10);
    expect(all.length).toBeGreaterThan(100);
  });

  it('gives every repository function on tenant-owned rows a scope', () => {
    const unscoped = all.filter((f) => !f.scoped);
    const tenantOwned = unscoped.filter((f) => !(f.key in ALLOWED_WITHOUT_SCOPE));
    console.log(
      `repository functions without scope: ${unscoped.length} of ${all.length}` +
        ` (${tenantOwned.length} on tenant-owned tables, ${unscoped.length - tenantOwned.length} allowed)`,
    );
    expect(tenantOwned.map((f) => f.key)).toEqual([]);
  });

  it('lists only functions that exist and really take no scope', () => {
    const byKey = new Map(all.map((f) => [f.key, f]));
    for (const key of Object.keys(ALLOWED_WITHOUT_SCOPE)) {
      expect(byKey.get(key), key).toMatchObject({ scoped: false });
    }
  });
});

import type { Migration } from 'kysely';
import * as identity from './202611220100_identity.ts';
import * as audit from './202611220110_audit.ts';
import * as actorNotify from './202611220120_actor_notify.ts';
import * as outbox from './202611220130_outbox.ts';
import * as security from './202611220200_security.ts';
import * as accounts from './202611220210_accounts.ts';
import * as organisations from './202611220220_organisations.ts';
import * as integrations from './202611220230_integrations.ts';
import * as accountRequestTargets from './202611220240_account_request_targets.ts';
import * as ssoDiscoveredMetadata from './202611240453_sso_discovered_metadata.ts';
import * as sessionContext from './202611240500_session_context.ts';
import * as versions from './202611240632_versions.ts';
import * as ssoLinkingAndMfa from './202611240718_sso_linking_and_mfa.ts';
import * as emailLinks from './202611240735_email_links.ts';

/** Every migration, in order. Forward-only: add a file and a line; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '202611220100_identity': identity,
  '202611220110_audit': audit,
  '202611220120_actor_notify': actorNotify,
  '202611220130_outbox': outbox,
  '202611220200_security': security,
  '202611220210_accounts': accounts,
  '202611220220_organisations': organisations,
  '202611220230_integrations': integrations,
  '202611220240_account_request_targets': accountRequestTargets,
  '202611240453_sso_discovered_metadata': ssoDiscoveredMetadata,
  '202611240500_session_context': sessionContext,
  '202611240632_versions': versions,
  '202611240718_sso_linking_and_mfa': ssoLinkingAndMfa,
  '202611240735_email_links': emailLinks,
};

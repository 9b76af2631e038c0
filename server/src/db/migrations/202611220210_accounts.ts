import { type Kysely, sql } from 'kysely';

/**
 * Account administration: per-user settings (phone, preferences, push token, deletion
 * request, deletion), per-organisation preferences, the watchlist, change requests
 * (profile, membership and account requests), and the platform's account rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_settings (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      phone text,
      preferences jsonb NOT NULL DEFAULT '{}',
      push_token text,
      push_token_updated_at timestamptz,
      deletion_requested_at timestamptz,
      deleted_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX user_settings_deletion ON user_settings (platform_id) WHERE deletion_requested_at IS NOT NULL AND deleted_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE user_organisation_preferences (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      preferences jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, organisation_id),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);

  await sql`
    CREATE TABLE user_follows (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      item_type text NOT NULL CHECK (item_type ~ '^[a-z][a-z-]{0,39}$'),
      item_id text NOT NULL CHECK (length(item_id) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, item_type, item_id)
    )`.execute(db);
  await sql`CREATE INDEX user_follows_item ON user_follows (platform_id, item_type, item_id)`.execute(db);

  await sql`
    CREATE TABLE change_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('profile', 'membership', 'account')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      changes jsonb NOT NULL,
      -- Only for account requests, until decided: the password chosen at registration.
      password_hash text,
      message text,
      rejection_message text,
      decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CHECK ((kind = 'account') = (user_id IS NULL) OR status = 'approved'),
      CHECK (status = 'pending' OR password_hash IS NULL)
    )`.execute(db);
  await sql`CREATE INDEX change_requests_queue ON change_requests (platform_id, organisation_id, status, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX change_requests_user ON change_requests (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE platform_account_rules (
      platform_id uuid PRIMARY KEY REFERENCES platforms(id),
      -- Who may create a workspace (POST /v1/workspace): platform administrators only, or every signed-in user.
      workspace_creation text NOT NULL DEFAULT 'admins' CHECK (workspace_creation IN ('admins', 'everyone')),
      -- Whether POST /v1/account/request is open on the platform.
      account_requests boolean NOT NULL DEFAULT true
    )`.execute(db);
}

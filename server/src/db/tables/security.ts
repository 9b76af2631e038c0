import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A second factor of a user. TOTP secrets are stored encrypted (see platform/secret-box in mfa.crypto). */
export interface MfaFactorTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  method: 'totp' | 'sms';
  phone_number: string | null;
  /** AES-256-GCM box of the TOTP secret; null for SMS. */
  secret_box: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  last_time_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  remember_device: ColumnType<boolean, boolean | undefined, boolean>;
  verified_at: Date | null;
  created_at: CreatedAt;
}

/** A code sent by text message through the development SMS provider (hash only). */
export interface SmsCodeTable {
  id: Generated<string>;
  platform_id: string | null;
  phone_number: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** A device that may skip the second factor until expires_at (token stored hashed). */
export interface RememberedDeviceTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  last_used_at: Date | null;
  created_at: CreatedAt;
}

/** One recovery code of a user's second factor: only its hash; used once (decision 0036). */
export interface MfaRecoveryCodeTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** One failed sign-in (or code) attempt, counted per key in a sliding window. */
export interface LoginAttemptTable {
  id: Generated<string>;
  key: string;
  created_at: CreatedAt;
}

/** A single-use, expiring token mailed in a link: password reset, invite, follow-up… */
export interface AccessTokenTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SecurityTables {
  mfa_factors: MfaFactorTable;
  sms_codes: SmsCodeTable;
  remembered_devices: RememberedDeviceTable;
  mfa_recovery_codes: MfaRecoveryCodeTable;
  login_attempts: LoginAttemptTable;
  access_tokens: AccessTokenTable;
}

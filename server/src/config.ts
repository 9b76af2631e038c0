import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELIVERY_ATTEMPTS_MAX } from '@vigilo/contract';
import { normaliseHost } from './platform/outbound-http.ts';
import { parseSecretsKeys, type SecretKey } from './platform/secrets.ts';

/** The repository root: defaults such as ./data and web/dist are relative to it. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: string;
  /** Unset → an embedded PostgreSQL in `dataDir` (see docs/decisions/0002-embedded-postgres.md). */
  databaseUrl: string | null;
  /** The owner role that applies migrations; unset = DATABASE_URL (see docs/decisions/0021-database-roles.md). */
  migrationDatabaseUrl: string | null;
  dataDir: string;
  /** Fixed port for the embedded PostgreSQL; null = the remembered one, 54329, or any free port. */
  embeddedPgPort: number | null;
  dbPoolSize: number;
  /** Opening a database connection or waiting for a free one; past it the request answers 503 (BUSY when the pool is full). */
  dbConnectTimeoutMs: number;
  /** One SQL statement at most this long (0 = no limit); past it the request answers 503 BUSY. */
  dbStatementTimeoutMs: number;
  jwtSecret: string;
  /**
   * SECRETS_KEYS: the keys that seal stored secrets (TOTP seeds, SSO client secrets), the
   * first one sealing, every one opening (decision 0057). Required in production; the quick
   * start generates one into DATA_DIR/secrets/secrets-keys.
   */
  secretsKeys: SecretKey[];
  accessTokenTtlSeconds: number;
  mfaSessionTtlSeconds: number;
  /** Seconds after sign-in or step-up during which second factors may be changed without the password. */
  recentAuthWindowSeconds: number;
  refreshIdleTtlSeconds: number;
  refreshAbsoluteTtlSeconds: number;
  refreshGraceSeconds: number;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  /** Per address, on the sign-in routes (the per-account throttle is in the database). */
  loginRateLimitPerMinute: number;
  /** Per address, reports sent without signing in (where a platform allows them, decision 0078). */
  anonymousReportsPerMinute: number;
  /** Seconds a request actor may be served from the per-process cache; 0 turns the cache off. */
  actorCacheTtlSeconds: number;
  /** E2B_MAX_BYTES: the largest E2B(R3) XML file imported or read (20 MB by default, issue 14). */
  e2bMaxBytes: number;
  /**
   * SUBMISSION_DELIVERY_ATTEMPTS (16, at most 30): how often a message is tried before it is
   * FAILED, for receivers made from now on (each receiver keeps its own, `deliveryAttempts`);
   * SUBMISSION_RETRY_DELAY_SECONDS (30) the first wait, doubled each time up to
   * SUBMISSION_RETRY_MAX_DELAY_SECONDS (3600), with ±10 % jitter: 16 attempts span about nine
   * hours, a working day (decisions 0171, 0327).
   */
  submissionDeliveryAttempts: number;
  submissionRetryDelaySeconds: number;
  submissionRetryMaxDelaySeconds: number;
  /**
   * SUBMISSION_SEND_TIMEOUT_SECONDS (30), SUBMISSION_DELIVERY_LEASE_SECONDS (90) and
   * SUBMISSION_DELIVERY_EXPIRY_SECONDS (120): how long a receiver has to answer, how long a
   * worker's claim on a message holds, and how long pg-boss lets a delivery run before it
   * gives the job to another worker (a killed one's). Each must be shorter than the next
   * (decisions 0171, 0190).
   */
  submissionSendTimeoutSeconds: number;
  submissionDeliveryLeaseSeconds: number;
  submissionDeliveryExpirySeconds: number;
  /**
   * JOBS_MAINTENANCE_SECONDS (120, pg-boss's own): how often the queue looks for jobs whose
   * worker died (expired) and hands them out again, archives and drops old ones.
   */
  jobsMaintenanceSeconds: number;
  /**
   * JOBS_QUEUE_PREFIX: put before every job queue's name, so that several deployments (or
   * test runs) sharing one database keep their jobs apart. Empty by default.
   */
  jobsQueuePrefix: string;
  adminEmail: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  runWorker: boolean;
  webDist: string;
  /** smtp://user:pass@host:port; unset → emails are recorded in the outbox and logged. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The address users reach the web app at, for links in emails. */
  publicUrl: string;
  /** Twilio Verify (or a compatible service) for SMS codes; unset → the development provider (outbox). */
  twilioVerify: { url: string; sid: string; token: string; service: string } | null;
  /** Internal hosts the server may fetch from anyway (tests, development); empty = none. */
  outboundAllowedHosts: string[];
  /** Failed sign-ins allowed per account name, and per address and platform, within the window. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  /**
   * EXPORT_MAX_ROWS: the most cases one export of the case list writes (default 1,000,000, under
   * a spreadsheet's 1,048,576 rows); a search that finds more is exported up to it and the export
   * says so (`truncated`, issue 29).
   */
  exportMaxRows: number;
  /**
   * OUTBOX_RETENTION_DAYS: days a sent (or failed) message keeps its recipient, subject and
   * body before the nightly job prunes them (default 30; decision 0331).
   */
  outboxRetentionDays: number;
  /** Whose X-Forwarded-For to believe: nobody (false, the default), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  /** Where files live (STORAGE_DRIVER, …; decision 0070): local disk under DATA_DIR unless S3 is named. */
  storage: StorageConfig;
}

/** Settings both storage drivers share: how long signed URLs live. */
interface SignedUrlTtls {
  /** STORAGE_UPLOAD_URL_TTL: seconds an upload URL may be used (default 900). */
  uploadUrlTtlSeconds: number;
  /** STORAGE_DOWNLOAD_URL_TTL: seconds a download URL may be used (default 300). */
  downloadUrlTtlSeconds: number;
  /**
   * STORAGE_ABANDONED_UPLOAD_HOURS: hours an upload (link or multipart start) may wait for a
   * report to name it before a background job removes it (default 24; decision 0090).
   */
  abandonedUploadHours: number;
  /** STORAGE_ZIP_MAX_BYTES: the most a bulk download zip may hold, in bytes (default 1 GiB; decision 0091). */
  zipMaxBytes: number;
}

export type StorageConfig = SignedUrlTtls &
  (
    | {
        driver: 'local';
        /** STORAGE_DIR, default DATA_DIR/files. */
        root: string;
        /** STORAGE_PUBLIC_URL: the origin signed URLs point at; unset = the origin the request came to. */
        publicUrl: string | null;
      }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        /** S3_ENDPOINT for S3-compatible servers; unset = AWS. */
        endpoint: string | null;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
      }
  );

export type Env = Record<string, string | undefined>;

class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

/** A new receiver's delivery attempts: within the bounds a receiver may carry (decision 0327). */
function deliveryAttempts(env: Env): number {
  const value = int(env, 'SUBMISSION_DELIVERY_ATTEMPTS', 16, 1);
  if (value > DELIVERY_ATTEMPTS_MAX)
    throw new ConfigError(
      `SUBMISSION_DELIVERY_ATTEMPTS must be at most ${DELIVERY_ATTEMPTS_MAX}, got "${value}"`,
    );
  return value;
}

/** A send's time-out, the claim's lease and the job's expiry, each shorter than the next (decision 0190). */
function deliveryTimes(env: Env) {
  const times = {
    submissionSendTimeoutSeconds: int(env, 'SUBMISSION_SEND_TIMEOUT_SECONDS', 30, 1),
    submissionDeliveryLeaseSeconds: int(env, 'SUBMISSION_DELIVERY_LEASE_SECONDS', 90, 1),
    submissionDeliveryExpirySeconds: int(env, 'SUBMISSION_DELIVERY_EXPIRY_SECONDS', 120, 1),
  };
  // A lease shorter than a send lets a second worker send while the first still waits; an
  // expiry shorter than the lease hands the job to a worker that finds the claim still held.
  if (times.submissionSendTimeoutSeconds >= times.submissionDeliveryLeaseSeconds)
    throw new ConfigError(
      'SUBMISSION_SEND_TIMEOUT_SECONDS must be shorter than SUBMISSION_DELIVERY_LEASE_SECONDS',
    );
  if (times.submissionDeliveryLeaseSeconds >= times.submissionDeliveryExpirySeconds)
    throw new ConfigError(
      'SUBMISSION_DELIVERY_LEASE_SECONDS must be shorter than SUBMISSION_DELIVERY_EXPIRY_SECONDS',
    );
  return times;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

/**
 * Reads and validates the configuration once at start. This is the only module that
 * reads process.env; everything else receives a Config.
 */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'test' && nodeEnv !== 'production') {
    throw new ConfigError(`NODE_ENV must be development, test or production, got "${nodeEnv}"`);
  }
  const production = nodeEnv === 'production';
  // Never a default: outside production, `npm start` generates one into DATA_DIR first
  // (platform/local-defaults.ts); in production it must be given.
  const jwtSecret = env.JWT_SECRET ?? '';
  if (!jwtSecret) throw new ConfigError('JWT_SECRET must be set (a random secret of at least 32 characters)');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const secretsKeys = secretsKeysOf(env, production);
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'MIGRATION_DATABASE_URL goes with DATABASE_URL (the embedded database sets up its own roles)',
    );
  }
  if (production && env.VIGILO_ADMIN_PASSWORD && env.VIGILO_ADMIN_PASSWORD.length < 12) {
    throw new ConfigError('VIGILO_ADMIN_PASSWORD must be at least 12 characters in production');
  }
  return {
    env: nodeEnv,
    // Loopback unless told otherwise: reaching it from elsewhere is a deliberate HOST=0.0.0.0.
    host: env.HOST || '127.0.0.1',
    port: int(env, 'PORT', 8080),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    databaseUrl: env.DATABASE_URL || null,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || null,
    dataDir: dataDirOf(env),
    embeddedPgPort: env.EMBEDDED_PG_PORT ? int(env, 'EMBEDDED_PG_PORT', 0, 1) : null,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1),
    dbConnectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT', 5, 1) * 1000,
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT', 30) * 1000,
    jwtSecret,
    secretsKeys,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 15 * 60, 1),
    mfaSessionTtlSeconds: int(env, 'MFA_SESSION_TTL', 5 * 60, 1),
    recentAuthWindowSeconds: int(env, 'RECENT_AUTH_WINDOW', 10 * 60),
    refreshIdleTtlSeconds: int(env, 'REFRESH_IDLE_TTL', 14 * 24 * 3600, 1),
    refreshAbsoluteTtlSeconds: int(env, 'REFRESH_ABSOLUTE_TTL', 30 * 24 * 3600, 1),
    refreshGraceSeconds: int(env, 'REFRESH_GRACE', 30),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1),
    loginRateLimitPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 20, 1),
    anonymousReportsPerMinute: int(env, 'ANONYMOUS_REPORTS_PER_MINUTE', 10, 1),
    actorCacheTtlSeconds: int(env, 'ACTOR_CACHE_TTL', 60),
    e2bMaxBytes: int(env, 'E2B_MAX_BYTES', 20 * 1024 * 1024, 1),
    submissionDeliveryAttempts: deliveryAttempts(env),
    submissionRetryDelaySeconds: int(env, 'SUBMISSION_RETRY_DELAY_SECONDS', 30, 1),
    submissionRetryMaxDelaySeconds: int(env, 'SUBMISSION_RETRY_MAX_DELAY_SECONDS', 3600, 1),
    ...deliveryTimes(env),
    jobsMaintenanceSeconds: int(env, 'JOBS_MAINTENANCE_SECONDS', 120, 1),
    jobsQueuePrefix: queuePrefix(env.JOBS_QUEUE_PREFIX ?? ''),
    adminEmail: env.VIGILO_ADMIN_EMAIL || null,
    adminPassword: env.VIGILO_ADMIN_PASSWORD || null,
    // Demo accounts (published password) only in the quick start, or when asked for.
    seedDemo: bool(env, 'SEED_DEMO', !env.DATABASE_URL && !production),
    runWorker: bool(env, 'RUN_WORKER', true),
    webDist: resolve(repoRoot, env.WEB_DIST ?? 'web/dist'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Vigilo <no-reply@vigilo.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${int(env, 'PORT', 8080)}`).replace(/\/$/, ''),
    twilioVerify: twilioVerify(env),
    outboundAllowedHosts: (env.OUTBOUND_ALLOWED_HOSTS ?? '').split(',').map(normaliseHost).filter(Boolean),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_ACCOUNT', 5, 1),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_ADDRESS', 50, 1),
    loginFailureWindowSeconds: int(env, 'LOGIN_FAILURE_WINDOW', 15 * 60, 1),
    exportMaxRows: int(env, 'EXPORT_MAX_ROWS', 1_000_000, 1),
    outboxRetentionDays: int(env, 'OUTBOX_RETENTION_DAYS', 30, 1),
    trustProxy: trustProxy(env),
    storage: storageOf(env),
  };
}

/**
 * STORAGE_DRIVER=local (the default: files under DATA_DIR/files, URLs signed and served by
 * Vigilo) or s3 (S3_BUCKET required; S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE optional).
 */
function storageOf(env: Env): StorageConfig {
  const ttls = {
    uploadUrlTtlSeconds: int(env, 'STORAGE_UPLOAD_URL_TTL', 900, 1),
    downloadUrlTtlSeconds: int(env, 'STORAGE_DOWNLOAD_URL_TTL', 300, 1),
    abandonedUploadHours: int(env, 'STORAGE_ABANDONED_UPLOAD_HOURS', 24, 1),
    zipMaxBytes: int(env, 'STORAGE_ZIP_MAX_BYTES', 1024 * 1024 * 1024, 1),
  };
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver === 'local') {
    const publicUrl = env.STORAGE_PUBLIC_URL?.replace(/\/$/, '') || null;
    if (publicUrl && !/^https?:\/\/[^/?#]+$/.test(publicUrl))
      throw new ConfigError(
        `STORAGE_PUBLIC_URL must be an origin such as https://vigilo.example.org, got "${publicUrl}"`,
      );
    return {
      ...ttls,
      driver,
      root: env.STORAGE_DIR ? resolve(repoRoot, env.STORAGE_DIR) : join(dataDirOf(env), 'files'),
      publicUrl,
    };
  }
  if (driver !== 's3') throw new ConfigError(`STORAGE_DRIVER must be local or s3, got "${driver}"`);
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new ConfigError('S3_BUCKET must be set when STORAGE_DRIVER=s3');
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    ...ttls,
    driver,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, '') || null,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
  };
}

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or `false` → the client address is the connection's (X-Forwarded-For
 * is ignored); a number → that many proxy hops in front of Vigilo; else a comma-separated
 * list of proxy addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`.
 * `true` (believe any client's header) is refused: it would let anyone pick their address.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || ['false', 'no', 'off', '0'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const known =
      PROXY_RANGES.includes(entry) ||
      (isIP(address) !== 0 && extra === undefined && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!known)
      throw new ConfigError(
        `TRUST_PROXY must be false, a hop count, or proxy addresses (e.g. 10.0.0.1,10.1.0.0/16,loopback), got "${raw}"`,
      );
  }
  return entries;
}

/**
 * SECRETS_KEYS, parsed. Production refuses to start without it. Elsewhere the processes
 * started from the repository fill it in from DATA_DIR (platform/local-state.ts); a
 * configuration built without it (some tests) holds no key and cannot seal.
 */
function secretsKeysOf(env: Env, production: boolean): SecretKey[] {
  const raw = env.SECRETS_KEYS?.trim() ?? '';
  if (!raw) {
    if (production)
      throw new ConfigError(
        'SECRETS_KEYS must be set in production: kid:key pairs, the key 32 random bytes in base64 (e.g. k1:$(openssl rand -base64 32))',
      );
    return [];
  }
  try {
    return parseSecretsKeys(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** The data folder (DATA_DIR, default ./data of the repository). */
export const dataDirOf = (env: Env) => resolve(repoRoot, env.DATA_DIR || 'data');

/** Twilio Verify settings: all of SID, TOKEN and SERVICE, or none (the development SMS provider). */
function twilioVerify(env: Env): Config['twilioVerify'] {
  const sid = env.TWILIO_VERIFY_SID || '';
  const token = env.TWILIO_VERIFY_TOKEN || '';
  const service = env.TWILIO_VERIFY_SERVICE || '';
  if (!sid && !token && !service) return null;
  if (!sid || !token || !service) {
    throw new ConfigError('TWILIO_VERIFY_SID, TWILIO_VERIFY_TOKEN and TWILIO_VERIFY_SERVICE go together');
  }
  const url = (env.TWILIO_VERIFY_URL || 'https://verify.twilio.com').replace(/\/$/, '');
  return { url, sid, token, service };
}

/** A random secret for one-off use (generated admin passwords). */
export const randomSecret = (bytes = 18) => randomBytes(bytes).toString('base64url');

/** Queue names take letters, digits, `_` and `-` only (pg-boss): refuse anything else at start. */
function queuePrefix(value: string): string {
  if (!/^[\w-]{0,40}$/.test(value)) {
    throw new Error('JOBS_QUEUE_PREFIX may hold up to 40 letters, digits, underscores or hyphens');
  }
  return value;
}

import { type Static, Type } from 'typebox';

const Check = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  latencyMs: Type.Optional(Type.Number()),
  detail: Type.Optional(Type.String()),
});

/**
 * The audit trail's tamper evidence (decision 0328): the last run of `npm run audit:verify` or
 * of the hourly job, the last row it verified and when. `unknown` when it could not be read.
 */
const AuditTrail = Type.Object({
  status: Type.Union([
    Type.Literal('verified'),
    Type.Literal('broken'),
    Type.Literal('unverified'),
    Type.Literal('unknown'),
  ]),
  verifiedAt: Type.Optional(Type.String({ format: 'date-time' })),
  lastAuditId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  lastAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** GET /v1/health-check: 200 when every part is up, 503 otherwise. */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
  database: Check,
  jobs: Check,
  auditTrail: AuditTrail,
});
export type Health = Static<typeof Health>;

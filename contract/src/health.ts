import { type Static, Type } from 'typebox';

const Check = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  latencyMs: Type.Optional(Type.Number()),
  detail: Type.Optional(Type.String()),
});

/** GET /v1/health-check: 200 when every part is up, 503 otherwise. */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
  database: Check,
  jobs: Check,
});
export type Health = Static<typeof Health>;

import type { FieldError } from '@vigilo/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The one rule every request value meets, whatever its route's schema says (decision 0023):
 * - no string (value or object key) holds a NUL byte or a lone UTF-16 surrogate: PostgreSQL
 *   refuses both in text and jsonb, so they would otherwise surface as 500s deep in a query;
 * - no number is infinite or beyond ±2^53 (JSON's `1e400` parses to Infinity, and a
 *   query's `page=1e20` is coerced to a number no column or OFFSET takes);
 * - objects and arrays nest at most `MAX_INPUT_DEPTH` levels.
 * It runs as a preHandler hook, after the route's schema has validated and coerced the
 * values (so query numbers are numbers), on params, querystring and body alike.
 */
export const MAX_INPUT_DEPTH = 32;

const BAD_CHARACTERS = /[\0\p{Cs}]/u;

/** A path segment safe to echo in an error message. */
const printable = (segment: string) => segment.replace(/[\0\p{Cs}]/gu, '\ufffd');

interface Pending {
  value: unknown;
  key: string | null;
  parent: Pending | null;
  depth: number;
}

/** The path of a value, as `root/key/key` — built only for the value that breaks the rule. */
function pathOf(item: Pending, root: string): string {
  const keys: string[] = [];
  for (let at: Pending | null = item; at?.key != null; at = at.parent) keys.push(printable(at.key));
  return [root, ...keys.reverse()].join('/');
}

/** The first value of `input` that breaks the rule, walked without recursion (deep input cannot overflow the stack). */
export function findInputProblem(input: unknown, root: string): FieldError | null {
  // Most requests carry nothing to walk (no body, an empty query): no allocation for them.
  if (input === undefined || input === null) return null;
  const pending: Pending[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (BAD_CHARACTERS.test(value))
        return {
          field: pathOf(item, root),
          message: 'must not contain NUL bytes or unpaired surrogates',
          reason: 'format',
        };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return {
          field: pathOf(item, root),
          message: 'must be a finite number between -2^53 and 2^53',
          reason: 'tooLarge',
        };
    } else if (ArrayBuffer.isView(value)) {
      // Bytes (a route that takes its body raw): nothing to walk, no string or number in them.
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_INPUT_DEPTH)
        return {
          field: pathOf(item, root),
          message: `must not nest more than ${MAX_INPUT_DEPTH} levels`,
          reason: 'invalid',
        };
      for (const key of Object.keys(value)) {
        const child: Pending = {
          value: (value as Record<string, unknown>)[key],
          key,
          parent: item,
          depth: depth + 1,
        };
        if (BAD_CHARACTERS.test(key))
          return {
            field: pathOf(child, root),
            message: 'names must not contain NUL bytes or unpaired surrogates',
            reason: 'format',
          };
        pending.push(child);
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request (decision 0061).
  app.addHook('preHandler', (request, _reply, done) => {
    const problem =
      findInputProblem(request.params, 'params') ??
      findInputProblem(request.query, 'querystring') ??
      findInputProblem(request.body, 'body');
    if (!problem) return done();
    done(
      new AppError('VALIDATION_FAILED', `Invalid request: ${problem.field} ${problem.message}`, {
        fields: [problem],
      }),
    );
  });
}

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

/** The first value of `input` that breaks the rule, walked without recursion (deep input cannot overflow the stack). */
export function findInputProblem(input: unknown, root: string): FieldError | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (BAD_CHARACTERS.test(value))
        return {
          field: path,
          message: 'must not contain NUL bytes or unpaired surrogates',
          reason: 'format',
        };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return { field: path, message: 'must be a finite number between -2^53 and 2^53', reason: 'tooLarge' };
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_INPUT_DEPTH)
        return {
          field: path,
          message: `must not nest more than ${MAX_INPUT_DEPTH} levels`,
          reason: 'invalid',
        };
      for (const [key, child] of Object.entries(value)) {
        const childPath = `${path}/${printable(key)}`;
        if (BAD_CHARACTERS.test(key))
          return {
            field: childPath,
            message: 'names must not contain NUL bytes or unpaired surrogates',
            reason: 'format',
          };
        pending.push({ value: child, path: childPath, depth: depth + 1 });
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

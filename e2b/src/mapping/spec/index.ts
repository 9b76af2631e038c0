import type { Binding, Spec } from '../dsl.ts';
import { batchHead, batchTail, messageSpec } from './message.ts';

/** Every binding of the message and batch specs (for the coverage check and findings). */
export function allBindings(): Binding[] {
  const out: Binding[] = [];
  const walk = (spec: Spec) => {
    if (spec.kind === 'each') return walk(spec.item);
    out.push(...spec.binds);
    for (const child of spec.children) walk(child);
  };
  for (const spec of [...batchHead, messageSpec, ...batchTail]) walk(spec);
  return out;
}

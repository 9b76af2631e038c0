import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { TerminologyEntry } from '@vigilo/contract';
import { useApi } from '../../../lib/api-context.tsx';

/** One choice of a picklist: an entry and how deep it sits in the arrangement's tree. */
export interface PicklistChoice {
  entry: TerminologyEntry;
  depth: number;
}

/**
 * The arrangement named `name` of the session's organisation (GET /v1/terminology-arrangements),
 * with its dictionary's entries (GET /v1/terminology-entries/dictionary/{dictionary}), in the
 * arrangement's order; `null` when the organisation has no arrangement of that name.
 */
export function usePicklist(name: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['pickers', 'picklist', name] as const,
    queryFn: async ({ signal }): Promise<PicklistChoice[] | null> => {
      const arrangements = await call(api, 'GET', '/v1/terminology-arrangements', { signal });
      const arrangement = arrangements.find((a) => a.name === name);
      if (!arrangement) return null;
      const entries = await call(api, 'GET', '/v1/terminology-entries/dictionary/{dictionary}', {
        path: { dictionary: arrangement.dictionary },
        signal,
      });
      const byId = new Map(entries.map((e) => [e.id, e]));
      const depth = new Map<string, number>();
      const choices: PicklistChoice[] = [];
      for (const item of arrangement.items) {
        const entry = byId.get(item.entryId);
        if (!entry) continue;
        const level = item.parentEntryId ? (depth.get(item.parentEntryId) ?? -1) + 1 : 0;
        depth.set(item.entryId, level);
        choices.push({ entry, depth: level });
      }
      return choices;
    },
    staleTime: 5 * 60_000,
  });
}

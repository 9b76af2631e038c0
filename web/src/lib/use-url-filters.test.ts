import { describe, expect, it } from 'vitest';
import { filtersToParams } from './use-url-filters.ts';

describe('filtersToParams', () => {
  it('writes only what differs from the defaults, lists as repeated keys', () => {
    const defaults = { query: '', roles: [] as string[], deactivated: false, page: 1 };
    expect(filtersToParams(defaults, defaults).toString()).toBe('');
    expect(
      filtersToParams(
        { query: 'ada lovelace', roles: ['assessor', 'reporter'], deactivated: true, page: 3 },
        defaults,
      ).toString(),
    ).toBe('query=ada+lovelace&roles=assessor&roles=reporter&deactivated=true&page=3');
  });
});

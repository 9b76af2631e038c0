import { useSearchParams } from 'react-router';

/**
 * A searched list's words (`?q=`) and page (`?page=`) in the URL: new words go back to the
 * first page; the first page and no words leave the URL without them.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const go = (next: { q?: string; page?: number }) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (next.q !== undefined) {
        if (next.q) p.set('q', next.q);
        else p.delete('q');
        p.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
      }
      return p;
    });
  return { query: params.get('q') ?? '', page: Math.max(1, Number(params.get('page')) || 1), go };
}

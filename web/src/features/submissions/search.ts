import type { SubmissionListQuery } from '@vigilo/contract';

/** 50 rows a page: the contract's default size (and UX.md's "50 or 100 rows a page"). */
export const SUBMISSIONS_PAGE_SIZE = 50;

export const receiverStatuses = ['NOT_SENT', 'SENT', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'FAILED'] as const;
export const reviewStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const dueFilters = ['overdue', 'soon'] as const;

/** The dashboard's filters as the address keeps them (web/src/lib/use-url-filters.ts). */
export interface SubmissionSearch extends Record<string, string | readonly string[] | boolean | number> {
  status: string;
  receiver: string;
  review: string;
  due: string;
  reference: string;
  page: number;
}

export const emptySubmissionSearch: SubmissionSearch = {
  status: '',
  receiver: '',
  review: '',
  due: '',
  reference: '',
  page: 1,
};

const isIn = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The filters as GET /v1/submissions/reports takes them; values the address cannot hold are dropped. */
export function submissionQuery(search: SubmissionSearch): SubmissionListQuery {
  return {
    page: search.page,
    size: SUBMISSIONS_PAGE_SIZE,
    ...(isIn(receiverStatuses, search.status) ? { status: search.status } : {}),
    ...(/^[0-9a-f-]{36}$/i.test(search.receiver) ? { receiverId: search.receiver } : {}),
    ...(isIn(reviewStatuses, search.review) ? { reviewStatus: search.review } : {}),
    ...(search.due === 'overdue' ? { overdue: true } : search.due === 'soon' ? { dueSoon: true } : {}),
    ...(search.reference.trim() ? { reference: search.reference.trim().slice(0, 100) } : {}),
  };
}

import type { Answers } from '../../../components/form-renderer/index.ts';

/**
 * What the confirmation page shows of a report sent from this browser tab: the copy to print
 * or save, where the confirmation email went, who received it. Kept in the tab's session
 * storage (gone when the tab closes), so Back from the confirmation and a reload of it still
 * know the report was sent (decision 0276).
 */
export interface SentReceipt {
  reference: string;
  formViewId: string;
  answers: Answers;
  /** Where the server sent the confirmation email, or null when it had no address. */
  email: string | null;
  /** The organisation the report went to, when its name is known. */
  organisation: string | null;
  files: string[];
  sentAt: string;
}

const KEY = 'vigilo.report.sent';
/** A tab keeps its last few receipts, newest first. */
const KEPT = 5;

function read(): SentReceipt[] {
  try {
    const text = window.sessionStorage.getItem(KEY);
    const list = text ? (JSON.parse(text) as unknown) : [];
    return Array.isArray(list) ? (list as SentReceipt[]) : [];
  } catch {
    return [];
  }
}

function write(list: SentReceipt[]) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(list.slice(0, KEPT)));
  } catch {
    // Storage full or blocked: the confirmation shows the reference alone.
  }
}

export function keepReceipt(receipt: SentReceipt): void {
  write([receipt, ...read().filter((r) => r.reference !== receipt.reference)]);
}

export const receiptOf = (reference: string): SentReceipt | undefined =>
  read().find((r) => r.reference === reference);

/** The report last sent from this tab with this form, if the reporter has not started another. */
export const lastSentWith = (formViewId: string): SentReceipt | undefined =>
  read().find((r) => r.formViewId === formViewId);

/** Starting a new report of this form: Back no longer lands on "you sent this". */
export function startAfresh(formViewId: string): void {
  write(read().filter((r) => r.formViewId !== formViewId));
}

/** The address the confirmation goes to, as the server chooses it: the account's, else the first reporter's. */
export function confirmationAddress(answers: Answers, accountEmail: string | null): string | null {
  if (accountEmail) return accountEmail;
  const sources = (answers.C as { primarySources?: { email?: unknown }[] } | undefined)?.primarySources ?? [];
  const email = sources
    .map((s) => s.email)
    .find((e): e is string => typeof e === 'string' && e.includes('@'));
  return email ?? null;
}

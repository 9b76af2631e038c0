import { useQuery } from '@tanstack/react-query';
import type { Answers } from '../../../components/form-renderer/index.ts';
import { useApi } from '../../../lib/api-context.tsx';
import { meQueryOptions } from '../../profile/api/get-me.ts';
import { usePublicReporting } from '../api/public-reporting.ts';
import { confirmationAddress } from './sent-receipt.ts';

/**
 * Who a sent report reached and where its confirmation went, for the confirmation page: signed
 * in, the account's email and organisation; signed out, the first reporter's email and the
 * organisation the report went to (by the public reporting look-up, decision 0275).
 */
export function useRecipient(signedIn: boolean, platformId: string | null, organisation: string | null) {
  const api = useApi();
  const me = useQuery({ ...meQueryOptions(api), enabled: signedIn });
  const reporting = usePublicReporting(!signedIn && organisation !== null, platformId, organisation);
  return {
    email: (answers: Answers) => confirmationAddress(answers, signedIn ? (me.data?.email ?? null) : null),
    organisation: (id: string): string | null =>
      (signedIn
        ? me.data?.memberships.find((m) => m.organisationId === id)?.organisationName
        : reporting.data?.organisations.find((o) => o.id === id)?.name) ?? null,
  };
}

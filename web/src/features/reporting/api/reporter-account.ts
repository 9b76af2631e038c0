import type { ApiClient } from '../../../lib/api-context.tsx';
import type { Account } from '../components/resume.ts';

/**
 * GET /v1/users/@me with its settings (the phone): the signed-in reporter's details for the
 * form's "About you", with the name of the organisation the session works in. Null when it
 * cannot be read (the journey then starts empty, as signed out).
 */
export async function reporterAccount(api: ApiClient): Promise<Account | null> {
  try {
    const me = await api.getUser('@me', { includeSettings: true });
    const organisation = me.memberships.find((m) => m.organisationId === me.organisationId);
    return {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: 'phone' in me ? (me.phone as string | null | undefined) : undefined,
      organisationName: organisation?.organisationName ?? null,
    };
  } catch {
    return null;
  }
}

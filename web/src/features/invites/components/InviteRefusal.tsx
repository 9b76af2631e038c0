import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useResendInvite } from '../api/invite-actions.ts';

/** The 409 details of POST /v1/organisation-invite (decision 0035): whom or what it clashes with. */
function conflictOf(error: unknown): { inviteId?: string; userId?: string; email?: string } {
  const body = (error as { body?: { code?: unknown; meta?: Record<string, unknown> } } | null)?.body;
  if (body?.code !== 'CONFLICT' || !body.meta) return {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { inviteId: text(body.meta.inviteId), userId: text(body.meta.userId) };
}

/**
 * Why an invitation was not sent, with the way forward: an address with a pending
 * invitation can have it sent again; a member is managed from their user page.
 */
export function InviteRefusal({
  error,
  organisationId,
  onResent,
}: {
  error: unknown;
  organisationId: string | null;
  onResent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const resend = useResendInvite();
  const { inviteId, userId } = conflictOf(error);
  if (inviteId && organisationId)
    return (
      <Alert color="yellow" title={t('invites.form.pendingTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('invites.form.pending')}</Text>
          <Button
            size="xs"
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { organisationId, inviteId, email: '' },
                { onSuccess: (invite) => onResent(invite.email) },
              )
            }
          >
            {t('invites.form.resendPending')}
          </Button>
          {resend.isError ? <Text size="sm">{apiErrorMessage(resend.error, t)}</Text> : null}
        </Stack>
      </Alert>
    );
  if (userId)
    return (
      <Alert color="yellow" title={t('invites.form.memberTitle')}>
        <Text size="sm">
          {t('invites.form.member')}{' '}
          <Anchor component={Link} to={`/admin/users/${encodeURIComponent(userId)}`}>
            {t('invites.form.memberLink')}
          </Anchor>
        </Text>
      </Alert>
    );
  return <Alert color="red">{apiErrorMessage(error, t)}</Alert>;
}

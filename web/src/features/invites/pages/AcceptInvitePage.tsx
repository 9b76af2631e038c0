import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { roleLabelKey } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useJoinInvite } from '../api/join-invite.ts';
import { useInvitePreview } from '../api/preview-invite.ts';
import { AcceptInviteForm } from '../components/AcceptInviteForm.tsx';
import { useInvitesTexts } from '../texts/use-invites-texts.ts';

/**
 * /invite/accept?token=… (public): shows what the invitation is for, asks a name and a
 * password, then signs the new account in and opens where its work is. Someone who already has an
 * account signs in first and joins with one button.
 */
export function AcceptInvitePage() {
  useInvitesTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const location = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite();
  const join = useJoinInvite();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('invites.accept.title'), hasErrors);

  let body: React.ReactNode;
  if (!token) {
    body = <Problem title={t('invites.accept.invalidTitle')} text={t('invites.accept.missingToken')} />;
  } else if (preview.isPending) {
    body = (
      <Stack aria-busy="true">
        <Skeleton height={20} aria-label={t('common.loading')} />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (preview.isError) {
    body = <Problem title={t('invites.accept.invalidTitle')} text={apiErrorMessage(preview.error, t)} />;
  } else {
    const invite = preview.data;
    const lead = t('invites.accept.lead', {
      organisation: invite.organisationName,
      platform: invite.platformName,
      role: t(roleLabelKey(invite.role)),
    });
    body = (
      <Stack gap="md">
        <Text>{lead}</Text>
        {invite.accountExists ? (
          <>
            <Text>{t('invites.accept.accountExists', { email: invite.email })}</Text>
            {join.isError ? <Alert color="red">{apiErrorMessage(join.error, t)}</Alert> : null}
            {isAuthenticated ? (
              <div>
                <Button
                  loading={join.isPending}
                  onClick={() =>
                    join.mutate(token, { onSuccess: () => navigate('/home', { replace: true }) })
                  }
                >
                  {t('invites.accept.join', { organisation: invite.organisationName })}
                </Button>
              </div>
            ) : (
              <div>
                <Button component={Link} to="/login" state={{ from: location }}>
                  {t('invites.accept.signIn')}
                </Button>
              </div>
            )}
          </>
        ) : (
          <AcceptInviteForm
            email={invite.email}
            token={token}
            pending={accept.isPending}
            serverError={accept.isError ? apiErrorMessage(accept.error, t) : null}
            onErrorsChange={setHasErrors}
            onSubmit={(values) =>
              accept.mutate(values, { onSuccess: () => navigate('/home', { replace: true }) })
            }
          />
        )}
      </Stack>
    );
  }

  return (
    <Container size={520} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} mb="md">
          {t('invites.accept.title')}
        </Title>
        {body}
      </Paper>
    </Container>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      {text}
    </Alert>
  );
}

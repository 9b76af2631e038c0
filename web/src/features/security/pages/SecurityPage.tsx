import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';
import { MfaMethodsSection } from '../components/MfaMethodsSection.tsx';
import { SessionsSection } from '../components/SessionsSection.tsx';
import { SsoLinksSection } from '../components/SsoLinksSection.tsx';
import { useSecurityTexts } from '../texts/use-security-texts.ts';

/**
 * /account/security: change password, two-step verification with its recovery codes, linked
 * sign-in providers and where you are signed in, for every role.
 */
export function SecurityPage() {
  useSecurityTexts();
  const { t } = useTranslation();
  const { session } = useAuth();
  const [passwordErrors, setPasswordErrors] = useState(false);
  useDocumentTitle(t('security.title'), passwordErrors);
  return (
    <>
      <PageHeader title={t('security.title')} lead={t('security.lead')} />
      <Stack gap="lg">
        <MfaMethodsSection platformId={session?.platformId ?? null} />
        <ChangePasswordForm onErrorsChange={setPasswordErrors} />
        <SsoLinksSection platformId={session?.platformId ?? null} />
        <SessionsSection />
      </Stack>
    </>
  );
}

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context.tsx';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { useAuth } from '../../lib/auth.tsx';

/**
 * The warning itself, shown by SessionTimeout while the end is near: "Stay signed in" renews the
 * session (unless its absolute end comes first), "Sign out" ends it now.
 */
export function SessionWarning({ time, canExtend }: { time: string; canExtend: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { signOut } = useAuth();
  const [staying, setStaying] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function stay() {
    setStaying(true);
    setFailure(null);
    try {
      await api.refresh();
    } catch (error) {
      setFailure(error);
    } finally {
      setStaying(false);
    }
  }

  return (
    <Modal
      opened
      onClose={canExtend ? () => void stay() : () => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      title={t('session.warningTitle')}
      data-testid="session-warning"
    >
      <Stack gap="md">
        <Text>{canExtend ? t('session.warningBody', { time }) : t('session.endingBody', { time })}</Text>
        <Text>{t('session.warningKeep')}</Text>
        {failure ? (
          <Alert color="red" variant="light">
            {apiErrorMessage(failure, t)}
          </Alert>
        ) : null}
        <Group>
          {canExtend ? (
            <Button data-autofocus onClick={() => void stay()} loading={staying}>
              {t('session.stay')}
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => void signOut()}
            data-autofocus={canExtend ? undefined : true}
          >
            {t('session.signOut')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

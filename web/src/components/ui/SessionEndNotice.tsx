import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetSessionEnd, peekSessionEnd } from '../../lib/session-end.ts';

/** On the sign-in page: why the last session ended, when it ended without the user asking (0038). */
export function SessionEndNotice() {
  const { t } = useTranslation();
  const [reason] = useState(peekSessionEnd);
  useEffect(() => {
    // Said once; forgotten after this page has shown it (an effect, so a double render keeps it).
    if (reason) forgetSessionEnd();
  }, [reason]);
  if (!reason) return null;
  return (
    <Alert color="yellow" icon={<IconClockExclamation aria-hidden />} role="status" mb="md">
      {reason === 'timeout' ? t('session.timedOut') : t('session.ended')}
    </Alert>
  );
}

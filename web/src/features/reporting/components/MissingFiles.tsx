import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WARNING } from './start-green.ts';

/**
 * Files added before the page was reloaded (or left and opened again): browsers do not keep
 * them, so the reporter is told which to add again, or to send without them (decision 0276).
 */
export function MissingFiles({
  names,
  filesPage,
  onSendWithout,
}: {
  names: string[];
  /** The files page, linked from "check your answers"; null on the files page itself. */
  filesPage: string | null;
  onSendWithout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="outline"
      styles={WARNING}
      title={t('reporting.files.lostTitle', { count: names.length })}
      data-testid="missing-files"
    >
      <Stack gap="xs">
        <Text size="sm">{t('reporting.files.lost', { count: names.length, names: names.join(', ') })}</Text>
        <Group gap="md">
          {filesPage ? (
            <Anchor component={Link} to={filesPage} underline="always" size="sm" fw={600}>
              {t('reporting.files.addAgain', { count: names.length })}
            </Anchor>
          ) : null}
          <Button variant="subtle" size="compact-sm" onClick={onSendWithout}>
            {t('reporting.files.sendWithout', { count: names.length })}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

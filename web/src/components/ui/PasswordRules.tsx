import { List, Text } from '@mantine/core';
import { passwordRules } from '@vigilo/contract/values';
import { useTranslation } from 'react-i18next';

/**
 * The password rules, worded once for every form that sets a password (register, invite,
 * reset, change). The sentences for a password that breaks them are the server's field
 * reasons (passwordTooShort, passwordIsEmail), so browser and server say the same thing.
 */
export function PasswordRules({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <Text id={id} size="sm" component="div">
      <Text size="sm" fw={600}>
        {t('passwordRules.title')}
      </Text>
      <List size="sm">
        <List.Item>{t('passwordRules.length', { count: passwordRules.minLength })}</List.Item>
        <List.Item>{t('passwordRules.notEmail')}</List.Item>
      </List>
      <Text size="sm" c="dimmed" mt={4}>
        {t('passwordRules.tip')}
      </Text>
    </Text>
  );
}

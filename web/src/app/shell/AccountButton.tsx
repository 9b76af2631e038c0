import { Avatar, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Shell.module.css';

/**
 * The account menu's button: an icon only, so its accessible name ("Account menu") is its whole
 * label. The same before the menu's code has loaded and as the menu's own target.
 */
export function AccountButton(props: UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.userButton}
      aria-label={t('shell.accountMenu')}
      aria-haspopup="menu"
      {...props}
    >
      <Avatar radius="xl" size={32} color="blue" variant="filled">
        <IconUserCircle size={22} aria-hidden />
      </Avatar>
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
}

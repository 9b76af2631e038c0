import { Notification, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { AlertStore } from '../../lib/alerts.ts';

/** Shows the store's alerts in the bottom corner, announced politely, each dismissible. */
interface AlertStackProps {
  store: AlertStore;
  closeLabel: string;
  /** Turns a stored message into the text shown (for example, translates it). */
  format?: (message: string) => string;
}

export function AlertStack({ store, closeLabel, format = (message) => message }: AlertStackProps) {
  const alerts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <Stack
      gap="sm"
      pos="fixed"
      bottom={16}
      right={16}
      w="min(420px, calc(100vw - 32px))"
      style={{ zIndex: 1000 }}
      aria-live="polite"
    >
      {alerts.map((alert) => (
        <Notification
          key={alert.id}
          color="red"
          withBorder
          icon={<IconAlertTriangle size={18} aria-hidden />}
          onClose={() => store.dismiss(alert.id)}
          closeButtonProps={{ 'aria-label': closeLabel }}
        >
          {format(alert.message)}
        </Notification>
      ))}
    </Stack>
  );
}

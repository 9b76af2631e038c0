import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page's one h1, with an optional lead paragraph below it. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      {lead ? <Text c="dimmed">{lead}</Text> : null}
    </Stack>
  );
}

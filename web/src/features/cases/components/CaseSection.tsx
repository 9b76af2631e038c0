import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldAnchor } from '../../../lib/case-fields.ts';

/** One titled block of the case view; `path` makes it the target of `#field-<path>` links. */
export function Section({ title, path, children }: { title: string; path?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} id={path ? fieldAnchor(path) : undefined}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

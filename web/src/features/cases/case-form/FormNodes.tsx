import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldAnchor } from '../../../lib/case-fields.ts';
import type { FieldNode, Node } from '../case-document/blocks.ts';
import { join } from '../case-document/paths.ts';
import { useCaseWords } from '../case-document/words.ts';
import { CaseField } from './CaseField.tsx';
import { ListItems } from './ListItems.tsx';

export type Order = 3 | 4 | 5 | 6;
export const deeper = (order: Order): Order => Math.min(order + 1, 6) as Order;

/** Widgets that take the whole width: texts, pickers and numbers with units. */
const WIDE = new Set(['longText', 'meddra', 'quantity', 'edqmForm', 'edqmRoute', 'product', 'drugName']);

function FieldGrid({ fields, base }: { fields: FieldNode[]; base: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {fields.map((field) => (
        <div key={field.key} style={WIDE.has(field.widget) ? { gridColumn: '1 / -1' } : undefined}>
          <CaseField node={field} path={join(base, field.key)} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The nodes of a block, a group or an item, in the description's order (blocks.ts): runs of
 * fields in a grid, groups under their heading, lists as their items with add, remove and
 * move. `after(itemPath)` adds to an item of a list what the description does not draw (the
 * drug × reaction matrix under a drug).
 */
export function FormNodes({
  nodes,
  base,
  order,
  after,
}: {
  nodes: readonly Node[];
  base: string;
  order: Order;
  after?: (listPath: string, itemPath: string) => ReactNode;
}) {
  const words = useCaseWords();
  const parts: ReactNode[] = [];
  let run: FieldNode[] = [];
  const flush = () => {
    if (run.length) parts.push(<FieldGrid key={`fields-${parts.length}`} fields={run} base={base} />);
    run = [];
  };
  for (const node of nodes) {
    if (node.kind === 'field') {
      run.push(node);
      continue;
    }
    flush();
    const path = join(base, node.key);
    if (node.kind === 'list')
      parts.push(<ListItems key={node.key} node={node} path={path} order={order} after={after} />);
    else
      parts.push(
        <section key={node.key} id={fieldAnchor(path)} aria-labelledby={`${fieldAnchor(path)}-heading`}>
          <Title order={order} size="h5" id={`${fieldAnchor(path)}-heading`} mb="xs">
            {words.label(path)}
          </Title>
          <FormNodes nodes={node.children} base={path} order={deeper(order)} after={after} />
        </section>,
      );
  }
  flush();
  return <Stack gap="lg">{parts}</Stack>;
}

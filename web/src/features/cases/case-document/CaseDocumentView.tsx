import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { CASE_DOCUMENT_ANCHOR, fieldAnchor } from '../../../lib/case-fields.ts';
import { asWritten } from './as-written.ts';
import { BLOCKS, type FieldNode, type ListNode, labelKey, type Node } from './blocks.ts';
import { EdqmTermText, MeddraTermText, ProductText } from './CodedTerms.tsx';
import { getAt, isEmpty, join } from './paths.ts';
import { useCaseDocumentTexts } from './texts/use-case-document-texts.ts';
import { useCaseWords } from './words.ts';

type Order = 3 | 4 | 5 | 6;
const deeper = (order: Order): Order => Math.min(order + 1, 6) as Order;

/** A field's value as the view shows it: coded terms looked up, the rest in words. */
export function FieldValue({ node, value }: { node: FieldNode; value: unknown }) {
  const words = useCaseWords();
  const coded = value as { code?: string; version?: string } | undefined;
  if (!words.isNullFlavour(value) && coded?.code) {
    if (node.widget === 'meddra' && coded.version)
      return <MeddraTermText coding={{ code: coded.code, version: coded.version }} />;
    if (node.widget === 'edqmForm' || node.widget === 'edqmRoute') return <EdqmTermText code={coded.code} />;
    if (node.widget === 'product') return <ProductText code={coded.code} />;
  }
  return <>{words.plain(node, value)}</>;
}

/** The fields given, as label and value; a long text takes the whole width. */
function FieldRows({ fields, base, value }: { fields: FieldNode[]; base: string; value: unknown }) {
  const words = useCaseWords();
  const given = fields.filter((f) => !isEmpty(getAt(value, f.key)));
  if (given.length === 0) return null;
  // A <dl> holds only <div> groups of <dt> and <dd> (axe: definition-list, dlitem).
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {given.map((field) => {
        const path = join(base, field.key);
        const long = field.widget === 'longText';
        return (
          <div key={field.key} id={fieldAnchor(path)} style={long ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="sm" c="dimmed">
              {words.label(path)}
            </Text>
            <Text
              component="dd"
              m={0}
              style={long ? { whiteSpace: 'pre-wrap' } : { overflowWrap: 'anywhere' }}
            >
              <FieldValue node={field} value={getAt(value, field.key)} />
            </Text>
          </div>
        );
      })}
    </SimpleGrid>
  );
}

function ListView({
  node,
  base,
  value,
  order,
}: {
  node: ListNode;
  base: string;
  value: unknown;
  order: Order;
}) {
  const words = useCaseWords();
  const path = join(base, node.key);
  const items = Array.isArray(value) ? value : [];
  const headingId = `${fieldAnchor(path)}-heading`;
  return (
    <section id={fieldAnchor(path)} aria-labelledby={headingId}>
      <Title order={order} size="h5" id={headingId} mb={4}>
        {words.label(path)}
      </Title>
      <Stack gap="sm">
        {items.map((item, index) => {
          const itemPath = join(path, index);
          const title = node.title ? getAt(item, node.title) : undefined;
          const name = words.item(labelKey(path), index);
          const itemHeading = `${fieldAnchor(itemPath)}-heading`;
          return (
            <section
              // Items have no key of their own but their place; a reaction or drug has its id.
              key={String((item as { id?: unknown })?.id ?? index)}
              id={fieldAnchor(itemPath)}
              aria-labelledby={itemHeading}
              style={{ borderInlineStart: '3px solid var(--mantine-color-gray-4)', paddingInlineStart: 12 }}
            >
              <Title order={deeper(order)} size="h6" id={itemHeading} mb={4}>
                {typeof title === 'string' ? words.t('caseDoc.itemWith', { item: name, title }) : name}
              </Title>
              <Nodes nodes={node.children} base={itemPath} value={item} order={deeper(deeper(order))} />
            </section>
          );
        })}
      </Stack>
    </section>
  );
}

/** Nodes in order: runs of fields as one list of labels and values, groups and lists under their heading. */
function Nodes({ nodes, base, value, order }: { nodes: Node[]; base: string; value: unknown; order: Order }) {
  const words = useCaseWords();
  const parts: ReactNode[] = [];
  let run: FieldNode[] = [];
  const flush = () => {
    if (run.length)
      parts.push(<FieldRows key={`fields-${parts.length}`} fields={run} base={base} value={value} />);
    run = [];
  };
  for (const node of nodes) {
    if (node.kind === 'field') {
      run.push(node);
      continue;
    }
    flush();
    const child = getAt(value, node.key);
    if (isEmpty(child)) continue;
    const path = join(base, node.key);
    if (node.kind === 'list')
      parts.push(<ListView key={node.key} node={node} base={base} value={child} order={order} />);
    else
      parts.push(
        <section key={node.key} id={fieldAnchor(path)} aria-labelledby={`${fieldAnchor(path)}-heading`}>
          <Title order={order} size="h5" id={`${fieldAnchor(path)}-heading`} mb={4}>
            {words.label(path)}
          </Title>
          <Nodes nodes={node.children} base={path} value={child} order={deeper(order)} />
        </section>,
      );
  }
  flush();
  return <Stack gap="sm">{parts}</Stack>;
}

/**
 * The case document read-only, block by block (C report, D patient, E reactions, F tests, G
 * drugs, H narrative), every field given in words: coded terms with their MedDRA LLT and PT,
 * EDQM term or product name, dates in the reader's style. Each place has the id `field-<path>`
 * that the findings' links (`#field-G.drugs.0.name`) land on. Exported for other screens that
 * show a case (the assessors' review, decision 0261).
 */
export function CaseDocumentView({
  document,
  after,
}: {
  document: unknown;
  after?: Partial<Record<string, ReactNode>>;
}) {
  useCaseDocumentTexts();
  const words = useCaseWords();
  const shown = useMemo(() => asWritten(document), [document]);
  return (
    <Stack gap="md" id={CASE_DOCUMENT_ANCHOR}>
      {BLOCKS.map((block) => {
        const value = getAt(shown, block.id);
        const title = words.t(`caseDoc.blocks.${block.id}`);
        return (
          <Paper
            key={block.id}
            withBorder
            p="md"
            component="section"
            aria-label={title}
            id={fieldAnchor(block.id)}
          >
            <Title order={2} size="h4" mb="sm">
              {title}
            </Title>
            {isEmpty(value) ? <Text c="dimmed">{words.t('caseDoc.nothing')}</Text> : null}
            <Nodes nodes={block.children} base={block.id} value={value} order={3} />
            {after?.[block.id] ?? null}
          </Paper>
        );
      })}
    </Stack>
  );
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { fieldAnchor } from '../../../lib/case-fields.ts';
import { type ListNode, labelKey } from '../case-document/blocks.ts';
import { appendAt, getAt, join, moveAt, removeAt } from '../case-document/paths.ts';
import { useCaseWords } from '../case-document/words.ts';
import { deeper, FormNodes, type Order } from './FormNodes.tsx';
import { useCaseForm } from './form-state.ts';

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

const FIELD = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Focus `id`, or, when it is an item, its first field (not its Move buttons). */
export function focusById(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const target = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>(`[data-focus-inside] :is(${FIELD})`) ??
      element.querySelector<HTMLElement>(FOCUSABLE));
  (target ?? element).focus();
}

/** A reaction taken out takes its rows of the drug × reaction matrix (G.k.9.i) with it. */
function withoutReaction(doc: unknown, reactionId: unknown): unknown {
  const drugs = getAt(doc, 'G.drugs');
  if (!Array.isArray(drugs) || typeof reactionId !== 'string') return doc;
  let next = doc;
  drugs.forEach((drug, d) => {
    const pairs = (drug as { reactionAssessments?: { reactionId?: string }[] }).reactionAssessments ?? [];
    for (let i = pairs.length - 1; i >= 0; i--)
      if (pairs[i]?.reactionId === reactionId) next = removeAt(next, `G.drugs.${d}.reactionAssessments`, i);
  });
  return next;
}

/**
 * A repeatable block (primary sources, reactions, drugs, dosages…): its items, each under its
 * heading with "Move up", "Move down" and "Remove", and "Add" below. By keyboard as by pointer:
 * a moved item keeps the focus on the button pressed, at its new place; an item added takes
 * the focus to its first field; after a removal the focus goes to the item before, or to Add.
 * A button that cannot act (the first item's Move up) says so with aria-disabled and keeps
 * the focus, where a disabled button would drop it.
 */
export function ListItems({
  node,
  path,
  order,
  after,
}: {
  node: ListNode;
  path: string;
  order: Order;
  after?: (listPath: string, itemPath: string) => ReactNode;
}) {
  const form = useCaseForm();
  const words = useCaseWords();
  const raw = getAt(form.draft, path);
  const items = Array.isArray(raw) ? raw : [];
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    focusById(focus);
    setFocus(null);
  }, [focus]);
  const key = labelKey(path);
  const anchor = fieldAnchor(path);
  const listFindings = form
    .findingsAt(path)
    .filter((f) => f.path === path || /^\d+$/.test(f.path?.slice(path.length + 1) ?? ''));

  const add = () => {
    form.update((doc) => appendAt(doc, path, node.ids ? { id: crypto.randomUUID() } : {}));
    setFocus(fieldAnchor(join(path, items.length)));
  };
  const remove = (index: number) => {
    form.update((doc) => {
      const next = removeAt(doc, path, index);
      return path === 'E.reactions' ? withoutReaction(next, (items[index] as { id?: unknown })?.id) : next;
    });
    setFocus(index > 0 ? `${fieldAnchor(join(path, index - 1))}-heading` : `${anchor}-add`);
  };
  const move = (index: number, by: -1 | 1, button: 'up' | 'down') => {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    form.update((doc) => moveAt(doc, path, index, to));
    setFocus(`${fieldAnchor(join(path, to))}-${button}`);
  };

  return (
    <section id={anchor} aria-labelledby={`${anchor}-heading`}>
      <Title order={order} size="h5" id={`${anchor}-heading`} mb="xs">
        {words.label(path)}
      </Title>
      {listFindings.map((f) => (
        <Text
          key={`${f.element}-${f.path}-${f.message}`}
          size="sm"
          c={f.severity === 'error' ? 'red.8' : undefined}
          mb="xs"
        >
          {f.message}
        </Text>
      ))}
      <Stack gap="md">
        {items.map((item, index) => {
          const itemPath = join(path, index);
          const itemAnchor = fieldAnchor(itemPath);
          const name = words.item(key, index);
          const title = node.title ? getAt(item, node.title) : undefined;
          const heading =
            typeof title === 'string' && title ? words.t('caseDoc.itemWith', { item: name, title }) : name;
          const first = index === 0;
          const last = index === items.length - 1;
          return (
            <section
              // Items have no key of their own but their place; a reaction or drug has its id.
              key={String((item as { id?: unknown })?.id ?? index)}
              id={itemAnchor}
              aria-labelledby={`${itemAnchor}-heading`}
              style={{ borderInlineStart: '3px solid var(--mantine-color-gray-4)', paddingInlineStart: 12 }}
            >
              <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
                <Title order={deeper(order)} size="h6" id={`${itemAnchor}-heading`} tabIndex={-1}>
                  {heading}
                </Title>
                <Group gap={4} wrap="wrap">
                  <Button
                    id={`${itemAnchor}-up`}
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconArrowUp size={14} aria-hidden />}
                    aria-disabled={first || form.disabled || undefined}
                    aria-label={words.t('caseDoc.form.moveUpItem', { item: name })}
                    onClick={() => !form.disabled && move(index, -1, 'up')}
                  >
                    {words.t('caseDoc.form.moveUp')}
                  </Button>
                  <Button
                    id={`${itemAnchor}-down`}
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconArrowDown size={14} aria-hidden />}
                    aria-disabled={last || form.disabled || undefined}
                    aria-label={words.t('caseDoc.form.moveDownItem', { item: name })}
                    onClick={() => !form.disabled && move(index, 1, 'down')}
                  >
                    {words.t('caseDoc.form.moveDown')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={words.t('caseDoc.form.removeItem', { item: name })}
                    disabled={form.disabled}
                    onClick={() => remove(index)}
                  >
                    {words.t('caseDoc.form.remove')}
                  </Button>
                </Group>
              </Group>
              <FormNodes nodes={node.children} base={itemPath} order={deeper(deeper(order))} after={after} />
              {after?.(path, itemPath)}
            </section>
          );
        })}
      </Stack>
      <Button
        id={`${anchor}-add`}
        mt="sm"
        size="compact-md"
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={form.disabled}
        onClick={add}
      >
        {words.t('caseDoc.form.add', { item: words.item(key, items.length) })}
      </Button>
    </section>
  );
}

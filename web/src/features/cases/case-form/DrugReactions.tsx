import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DRUG_REACTION } from '../case-document/blocks.ts';
import { appendAt, getAt, join, setAt } from '../case-document/paths.ts';
import { useCaseWords } from '../case-document/words.ts';
import { CaseField } from './CaseField.tsx';
import { useCaseForm } from './form-state.ts';

type Pair = { reactionId?: string };
type Reaction = { id?: string; nativeTerm?: unknown };

/**
 * The drug × reaction matrix of one drug (G.k.9.i): for each reaction of the case, the time to
 * onset (G.k.9.i.3.1, 3.2) and the recurrence on readministration (G.k.9.i.4). The pair's entry
 * is made when a fact is first given and keeps whatever else it holds (the causality
 * assessments, recorded in their own section, decision 0270).
 */
export function DrugReactions({ drugPath }: { drugPath: string }) {
  const form = useCaseForm();
  const words = useCaseWords();
  const reactions = (getAt(form.draft, 'E.reactions') as Reaction[] | undefined) ?? [];
  const listPath = join(drugPath, 'reactionAssessments');
  const pairs = (getAt(form.draft, listPath) as Pair[] | undefined) ?? [];
  const shown = reactions.filter((r) => typeof r?.id === 'string');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={`${drugPath}-pairs`} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <Title order={5} size="h6" id={`${drugPath}-pairs`} mb="xs">
        {words.t('caseDoc.form.pairs')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {words.t('caseDoc.form.pairsLead')}
      </Text>
      <Stack gap="md">
        {shown.map((reaction) => {
          const index = reactions.indexOf(reaction);
          const at = pairs.findIndex((p) => p?.reactionId === reaction.id);
          const pairPath = join(listPath, at >= 0 ? at : pairs.length);
          const name =
            typeof reaction.nativeTerm === 'string' && reaction.nativeTerm
              ? words.t('caseDoc.itemWith', {
                  item: words.item('E/reactions', index),
                  title: reaction.nativeTerm,
                })
              : words.item('E/reactions', index);
          // The first fact given makes the pair's entry, naming the reaction (G.k.9.i.1).
          const change = (path: string, value: unknown) =>
            form.update((doc) => {
              const made = at >= 0 ? doc : appendAt(doc, listPath, { reactionId: reaction.id });
              return setAt(made, path, value);
            });
          return (
            <fieldset key={reaction.id} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <legend style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0 }}>
                {name}
              </legend>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
                {DRUG_REACTION.map((node) => (
                  <CaseField key={node.key} node={node} path={join(pairPath, node.key)} change={change} />
                ))}
              </SimpleGrid>
            </fieldset>
          );
        })}
      </Stack>
    </section>
  );
}

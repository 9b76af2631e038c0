import { Badge, Group, Loader, Text } from '@mantine/core';
import type { ReportCase } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/form-renderer/NativeInputs.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PlainTable } from '../../../components/ui/PlainTable.tsx';
import { useCaseComparison } from '../api/cases.ts';
import { FieldValue } from '../case-document/CaseDocumentView.tsx';
import { dotted } from '../case-document/paths.ts';
import { fieldsOf, placeOf } from '../case-document/places.ts';
import { useCaseDocumentTexts } from '../case-document/texts/use-case-document-texts.ts';
import { useCaseWords } from '../case-document/words.ts';
import { Section } from './CaseSection.tsx';

type Kind = 'added' | 'removed' | 'changed';
interface Row {
  path: string;
  kind: Kind;
  old: unknown;
  new: unknown;
}

/**
 * The server's changes (`E.reactions[1]` added whole, `D.ageAtOnset.unit` changed) as rows of
 * fields: an item added reads as its fields one by one, each with its label. The local ids that
 * tie reactions to drugs (an item's `id`, a pair's `reactionId`) are left out: they say nothing to a reader.
 */
export function diffRows(changes: { path: string; old: unknown; new: unknown }[]): Row[] {
  const rows = new Map<string, Row>();
  for (const change of changes) {
    const path = dotted(change.path);
    for (const [p, v] of fieldsOf(path, change.old))
      rows.set(p, { path: p, kind: 'removed', old: v, new: undefined });
    for (const [p, v] of fieldsOf(path, change.new)) {
      const before = rows.get(p);
      rows.set(p, { path: p, kind: before ? 'changed' : 'added', old: before?.old, new: v });
    }
  }
  return [...rows.values()].filter((row) => !/\.\d+\.(id|reactionId)$/.test(row.path));
}

function Label({ path }: { path: string }) {
  const words = useCaseWords();
  const place = placeOf(path);
  if (!place.node)
    return (
      <Text size="sm" ff="monospace">
        {path}
      </Text>
    );
  const within = words.trail(place.trail);
  const field = place.part.length ? path.split('.').slice(0, -place.part.length).join('.') : path;
  const part = place.part.map((p) => words.t(`caseDoc.parts.${p}`, { defaultValue: p })).join(' ');
  return (
    <Text size="sm">
      {within ? (
        <Text span size="xs" c="dimmed" display="block">
          {words.t(`caseDoc.blocks.${path[0]}`)} › {within}
        </Text>
      ) : (
        <Text span size="xs" c="dimmed" display="block">
          {words.t(`caseDoc.blocks.${path[0]}`)}
        </Text>
      )}
      {words.label(field)}
      {part ? ` (${part})` : ''}
    </Text>
  );
}

function Value({ path, value }: { path: string; value: unknown }) {
  const words = useCaseWords();
  if (value === undefined || value === null) return <>{words.t('casesView.case.empty')}</>;
  const place = placeOf(path);
  const node = place.node && 'kind' in place.node && place.node.kind === 'field' ? place.node : undefined;
  if (node && place.part.length === 0) return <FieldValue node={node} value={value} />;
  const last = place.part.at(-1);
  if (last === 'nullFlavor' && typeof value === 'string') return <>{words.nullFlavour(value)}</>;
  if (last === 'unit' && typeof value === 'string') return <>{words.unit(value)}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}

/** Two versions side by side: each field that differs, before and after, the kind of change in words. */
export function Versions({ found }: { found: ReportCase }) {
  useCaseDocumentTexts();
  const { t } = useTranslation();
  const latest = found.reportVersion;
  const [from, setFrom] = useState(Math.max(1, latest - 1));
  const [to, setTo] = useState(latest);
  const comparison = useCaseComparison(found.id, from, to, latest > 1);
  if (latest < 2) return null;
  const choices = Array.from({ length: latest }, (_, i) => ({
    value: String(i + 1),
    label: t('casesView.case.versionN', { n: i + 1 }),
  }));
  const colour = { added: 'green', removed: 'red', changed: 'yellow' } as const;
  const rows = comparison.data ? diffRows(comparison.data.changes) : [];
  return (
    <Section title={t('casesView.case.versions')}>
      <Text size="sm" mb="sm">
        {t('casesView.case.versionsLead')}
      </Text>
      <Group mb="sm" wrap="wrap">
        <NativeSelectField
          label={t('casesView.case.from')}
          data={choices}
          value={String(from)}
          onChange={(event) => setFrom(Number(event.currentTarget.value))}
        />
        <NativeSelectField
          label={t('casesView.case.to')}
          data={choices}
          value={String(to)}
          onChange={(event) => setTo(Number(event.currentTarget.value))}
        />
      </Group>
      {comparison.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : comparison.isError ? (
        <LoadError
          title={t('casesView.case.compareFailed')}
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
          retrying={comparison.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>{t('casesView.case.noChanges')}</Text>
      ) : (
        <PlainTable minWidth={480} aria-label={t('casesView.case.versions')} data-testid="case-versions">
          <thead>
            <tr>
              <th scope="col">{t('casesView.case.field')}</th>
              <th scope="col">{t('casesView.case.versionN', { n: from })}</th>
              <th scope="col">{t('casesView.case.versionN', { n: to })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path}>
                <td>
                  <Label path={row.path} />
                  {/* The text in the page's colour: the light variant's own reads below 4.5:1. */}
                  <Badge size="sm" variant="light" color={colour[row.kind]} c="var(--mantine-color-text)">
                    {t(`casesView.case.kinds.${row.kind}`)}
                  </Badge>
                </td>
                <td>
                  <Value path={row.path} value={row.old} />
                </td>
                <td>
                  <Text fw={600} size="sm" component="div">
                    <Value path={row.path} value={row.new} />
                  </Text>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </Section>
  );
}

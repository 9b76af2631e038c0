import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReportCase } from '@vigilo/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeddraCoding } from '../../../components/pickers/api/meddra.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useSaveCaseDocument } from '../api/save-case-document.ts';

// The picker comes in its own chunk (shared with the form renderer's MedDRA questions).
const MeddraPicker = lazy(() =>
  import('../../../components/pickers/MeddraPicker.tsx').then((m) => ({ default: m.MeddraPicker })),
);

type Reaction = { id?: unknown; nativeTerm?: unknown; term?: MeddraCoding };
const same = (a: MeddraCoding | undefined, b: MeddraCoding | undefined) =>
  a?.code === b?.code && a?.version === b?.version;

/**
 * MedDRA coding of the case's reactions (E.i.2.1: LLT code and MedDRA version) beside the
 * reporter's words (E.i.1.1a). Saving writes a new version of the case (PUT /v1/report/{id},
 * decision 0103) that keeps everything else as it was; the status does not move.
 */
export function ReactionCoding({ found }: { found: ReportCase }) {
  const { t } = useTranslation();
  const save = useSaveCaseDocument(found);
  const [editing, setEditing] = useState<{ index: number; coding: MeddraCoding | undefined } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const report = found.report as { E?: { reactions?: Reaction[] } };
  const reactions = (report.E?.reactions ?? []).filter(Boolean);
  const closed = found.status === 'nullified' || found.status === 'duplicate' || found.deleted !== null;
  // The server says who may save a new version of this case (decision 0260).
  const canCode = found.canEdit;

  const store = (index: number, coding: MeddraCoding | undefined) => {
    const next = structuredClone(found.report) as { E: { reactions: Reaction[] } };
    const reaction = next.E.reactions[index]!;
    if (coding) reaction.term = { version: coding.version, code: coding.code };
    else delete reaction.term;
    save.mutate(next, {
      onSuccess: (updated) => {
        setEditing(null);
        setSaved(t('casesView.coding.saved', { version: updated.reportVersion }));
      },
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={t('casesView.coding.title')}>
      <Title order={2} size="h4" mb="xs">
        {t('casesView.coding.title')}
      </Title>
      <Text size="sm" mb="sm">
        {canCode
          ? t('casesView.coding.lead')
          : closed
            ? t('casesView.coding.closed')
            : t('casesView.coding.readOnly')}
      </Text>
      <div aria-live="polite">
        {saved ? (
          <Alert color="green" icon={<IconCheck aria-hidden />} mb="sm">
            {saved}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert color="red" title={t('casesView.coding.failed')} mb="sm">
            {apiErrorMessage(save.error, t)}
          </Alert>
        ) : null}
      </div>
      {reactions.length === 0 ? (
        <Text>{t('casesView.case.noReactions')}</Text>
      ) : (
        <Stack gap="lg">
          {reactions.map((reaction, index) => {
            const stored = reaction.term;
            const pending = editing?.index === index ? editing : null;
            const verbatim = typeof reaction.nativeTerm === 'string' ? reaction.nativeTerm : '';
            return (
              <Stack
                key={`${String(reaction.id ?? index)}-${found.version}`}
                gap="xs"
                component="section"
                aria-labelledby={`coding-${index}-heading`}
              >
                <Title order={3} size="h5" id={`coding-${index}-heading`}>
                  {t('casesView.coding.reaction', { number: index + 1 })}
                </Title>
                <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
                  <MeddraPicker
                    id={`coding-${index}`}
                    label={t('casesView.coding.term')}
                    verbatim={verbatim}
                    initialQuery={verbatim}
                    value={pending ? pending.coding : stored}
                    readOnly={!canCode}
                    disabled={save.isPending || (editing !== null && !pending)}
                    onChange={(coding) => {
                      setSaved(null);
                      save.reset();
                      setEditing({ index, coding });
                    }}
                  />
                </Suspense>
                {pending && !same(pending.coding, stored) ? (
                  <Group gap="xs">
                    <Button loading={save.isPending} onClick={() => store(index, pending.coding)}>
                      {pending.coding ? t('casesView.coding.save') : t('casesView.coding.saveRemoval')}
                    </Button>
                    <Button variant="subtle" disabled={save.isPending} onClick={() => setEditing(null)}>
                      {t('casesView.case.cancel')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

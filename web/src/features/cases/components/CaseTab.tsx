import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import type { ReportCase } from '@vigilo/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/ui/Loading.tsx';
import { useFieldFocus } from '../../../lib/case-fields.ts';
import { CaseDocumentView } from '../case-document/CaseDocumentView.tsx';
import { useCaseDocumentTexts } from '../case-document/texts/use-case-document-texts.ts';
import { Attachments } from './Attachments.tsx';
import { CaseSummary } from './CaseSummary.tsx';
import { Versions } from './Versions.tsx';

// The form (its field renderer, the schema reader and the pickers) loads when Edit is chosen;
// the coding and causality sections, shown only while the case is read, load with it read (decision 0311).
const CaseForm = lazy(() => import('../case-form/CaseForm.tsx').then((m) => ({ default: m.CaseForm })));
const ReactionCoding = lazy(() =>
  import('./ReactionCoding.tsx').then((m) => ({ default: m.ReactionCoding })),
);
const CausalityMatrix = lazy(() =>
  import('./CausalityMatrix.tsx').then((m) => ({ default: m.CausalityMatrix })),
);

/**
 * The case form is open while the address says `edit=1` (so a finding's link on the E2B(R3)
 * tab opens it at its field, and Back closes it), for those the server lets edit the case only
 * (`canEdit`, decision 0260); the others see the case read-only at the same field.
 */
function useEditing(found: ReportCase) {
  const [params, setParams] = useSearchParams();
  const editing = found.canEdit && params.get('edit') === '1';
  const set = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('edit', '1');
        else next.delete('edit');
        return next;
      },
      { replace: !on },
    );
  return [editing, set] as const;
}

/** The Case tab's main column: the case as a record, its document block by block (or its form), coding, files, versions. */
export function CaseTab({ found }: { found: ReportCase }) {
  useCaseDocumentTexts();
  const { t } = useTranslation();
  const [editing, setEditing] = useEditing(found);
  const [saved, setSaved] = useState<number | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState<'saved' | 'edit' | null>(null);
  useFieldFocus(!editing);
  useEffect(() => {
    if (editing || !returnFocus) return;
    (returnFocus === 'saved' ? savedRef.current : editRef.current)?.focus();
    setReturnFocus(null);
  }, [editing, returnFocus]);

  const done = (version?: number) => {
    setSaved(version ?? null);
    setReturnFocus(version ? 'saved' : 'edit');
    setEditing(false);
  };
  return (
    <Stack gap="md">
      <CaseSummary found={found} />
      {saved && !editing ? (
        <Alert ref={savedRef} tabIndex={-1} color="green" icon={<IconCheck aria-hidden />} role="status">
          {t('caseDoc.form.saved', { version: saved })}
        </Alert>
      ) : null}
      {editing ? (
        <Suspense fallback={<Loading />}>
          <CaseForm key={found.id} found={found} onDone={done} />
        </Suspense>
      ) : (
        <>
          {found.canEdit ? (
            <Group justify="flex-end">
              <Button
                ref={editRef}
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => {
                  setSaved(null);
                  setEditing(true);
                }}
              >
                {t('caseDoc.form.edit')}
              </Button>
            </Group>
          ) : null}
          <CaseDocumentView document={found.report} />
          <Suspense fallback={<Loading />}>
            <ReactionCoding found={found} />
            <CausalityMatrix found={found} />
          </Suspense>
        </>
      )}
      <Attachments found={found} />
      <Versions key={found.reportVersion} found={found} />
    </Stack>
  );
}

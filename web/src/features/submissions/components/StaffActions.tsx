import { Alert, Button, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReceiverStatusBody, SubmissionReport } from '@vigilo/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useSetManuallyProcessed } from '../api/set-manually-processed.ts';
import { useSetReceiverStatus } from '../api/set-receiver-status.ts';

const manualStatuses = ['FAILED', 'IN_REVIEW', 'REJECTED', 'NOT_SENT'] as const;

interface ReasonFormProps {
  idPrefix: string;
  title: string;
  lead: string;
  reasonLabel: string;
  reasonHint?: string;
  missingText: string;
  submitLabel: string;
  initial?: string;
  /** Fields shown above the reason (the new status). */
  children?: ReactNode;
  pending: boolean;
  failure: unknown;
  saved: string | null;
  onSave: (reason: string) => void;
}

/** A small form whose one required field is a reason in words: GOV.UK's error summary when it is empty. */
function ReasonForm(props: ReasonFormProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(props.initial ?? '');
  const [missing, setMissing] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const fieldId = `${props.idPrefix}-reason`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempts((n) => n + 1);
    const empty = reason.trim() === '';
    setMissing(empty);
    if (!empty) props.onSave(reason.trim());
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${props.idPrefix}-title`}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={`${props.idPrefix}-title`}>
          {props.title}
        </Title>
        <Text size="sm">{props.lead}</Text>
        <ErrorSummary
          title={t('submissionsView.actions.errorTitle')}
          errors={missing ? [{ fieldId, message: props.missingText }] : []}
          focusKey={attempts}
        />
        {props.failure && !props.pending ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {apiErrorMessage(props.failure, t)}
          </Alert>
        ) : null}
        {props.children}
        <Textarea
          id={fieldId}
          label={props.reasonLabel}
          description={props.reasonHint}
          value={reason}
          maxLength={1000}
          rows={3}
          error={missing ? props.missingText : undefined}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </div>
        {props.saved ? (
          <Text role="status" c="teal.9" size="sm">
            {props.saved}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * Staff's corrections by hand (decision 0171): the receiver status (FAILED, IN_REVIEW,
 * REJECTED or NOT_SENT, with a reason that goes into the history), and why a report was
 * handled outside Vigilo. An accepted report's status is final: the form says so instead.
 */
export function StaffActions({ report }: { report: SubmissionReport }) {
  const { t } = useTranslation();
  const setStatus = useSetReceiverStatus(report.id);
  const setManual = useSetManuallyProcessed(report.id);
  const [status, setStatusChoice] = useState<ReceiverStatusBody['status']>('IN_REVIEW');
  const [savedStatus, setSavedStatus] = useState<string | null>(null);
  const [savedManual, setSavedManual] = useState(false);
  return (
    <Stack gap="xl">
      {report.status === 'ACCEPTED' ? (
        <Text>{t('submissionsView.actions.final')}</Text>
      ) : (
        <ReasonForm
          idPrefix="set-status"
          title={t('submissionsView.actions.setStatus')}
          lead={t('submissionsView.actions.setStatusLead')}
          reasonLabel={t('submissionsView.actions.reason')}
          reasonHint={t('submissionsView.actions.reasonHint')}
          missingText={t('submissionsView.actions.reasonMissing')}
          submitLabel={t('submissionsView.actions.save')}
          pending={setStatus.isPending}
          failure={setStatus.error}
          saved={savedStatus}
          onSave={(reason) => {
            setSavedStatus(null);
            setStatus.mutate(
              { status, reason },
              {
                onSuccess: (next) =>
                  setSavedStatus(
                    t('submissionsView.actions.statusSaved', {
                      status: t(`submissionsView.status.${next.status}`),
                    }),
                  ),
              },
            );
          }}
        >
          <Select
            label={t('submissionsView.actions.newStatus')}
            data={manualStatuses.map((s) => ({ value: s, label: t(`submissionsView.status.${s}`) }))}
            value={status}
            allowDeselect={false}
            onChange={(value) => setStatusChoice((value as ReceiverStatusBody['status']) ?? 'IN_REVIEW')}
            maw={360}
          />
        </ReasonForm>
      )}
      <ReasonForm
        idPrefix="manual"
        title={t('submissionsView.actions.manual')}
        lead={t('submissionsView.actions.manualLead')}
        reasonLabel={t('submissionsView.actions.manualReason')}
        missingText={t('submissionsView.actions.manualMissing')}
        submitLabel={t('submissionsView.actions.manualSave')}
        initial={report.manuallyProcessedReason ?? ''}
        pending={setManual.isPending}
        failure={setManual.error}
        saved={savedManual ? t('submissionsView.actions.manualSaved') : null}
        onSave={(reason) => {
          setSavedManual(false);
          setManual.mutate(reason, { onSuccess: () => setSavedManual(true) });
        }}
      />
    </Stack>
  );
}

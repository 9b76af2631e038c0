import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import type { E2bFinding, Submission, SubmissionPreviewReceiver } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../../components/ui/Loading.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { caseFieldHref } from '../../../lib/case-fields.ts';
import { useDistribute } from '../api/distribute.ts';
import { useSubmissionPreview } from '../api/submission-preview.ts';

/** One finding in words, linked to the case field it concerns (as the E2B(R3) tab links them). */
function Finding({
  finding,
  reportId,
  onFollow,
}: {
  finding: E2bFinding;
  reportId: string;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  return (
    <List.Item>
      <Badge color={finding.severity === 'error' ? 'red' : 'yellow'} variant="light" mr="xs" size="sm">
        {t(`casesView.submit.${finding.severity}`)}
      </Badge>
      {finding.message}{' '}
      {finding.casePath ? (
        <Anchor component={Link} to={caseFieldHref(reportId, finding.casePath)} size="sm" onClick={onFollow}>
          {t('casesView.submit.goToField')}
        </Anchor>
      ) : null}
    </List.Item>
  );
}

function ReceiverChoice({
  receiver,
  checked,
  onToggle,
  reportId,
  onFollow,
}: {
  receiver: SubmissionPreviewReceiver;
  checked: boolean;
  onToggle: (on: boolean) => void;
  reportId: string;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  const errors = receiver.findings.filter((f) => f.severity === 'error').length;
  const profile = receiver.profile.toUpperCase();
  return (
    <Paper withBorder p="sm" data-testid={`receiver-${receiver.id}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Checkbox
            label={receiver.name}
            checked={checked}
            onChange={(e) => onToggle(e.currentTarget.checked)}
            styles={{ label: { fontWeight: 600 } }}
          />
          <Badge variant="outline" size="sm">
            {profile}
          </Badge>
          {receiver.picked ? (
            <Badge color="blue" variant="light" size="sm">
              {t('casesView.submit.picked')}
            </Badge>
          ) : null}
        </Group>
        {receiver.pickedBy ? (
          <Text size="sm">{t('casesView.submit.pickedBy', { rule: receiver.pickedBy })}</Text>
        ) : null}
        {receiver.transport === 'none' ? <Text size="sm">{t('casesView.submit.recordOnly')}</Text> : null}
        <Text size="sm" fw={500}>
          {receiver.valid
            ? t('casesView.submit.valid', { profile })
            : t('casesView.submit.invalid', { count: errors, profile })}
        </Text>
        {receiver.findings.length > 0 ? (
          <List size="sm" spacing={4}>
            {receiver.findings.map((f) => (
              <Finding
                key={`${f.rule} ${f.casePath ?? ''} ${f.message}`}
                finding={f}
                reportId={reportId}
                onFollow={onFollow}
              />
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** What distribute made: one line per receiver, in words. */
function Created({ submissions }: { submissions: Submission[] }) {
  const { t } = useTranslation();
  const reports = submissions.flatMap((s) => s.reports);
  // Nothing on its way, something held for an assessor: the case is not submitted yet (decision 0251).
  const waiting =
    !reports.some((r) => r.reasonCode === 'queued' || r.status !== 'NOT_SENT') &&
    reports.some((r) => r.reasonCode === 'awaiting_approval');
  return (
    <Stack gap="xs" data-testid="submit-result">
      {waiting ? (
        <Alert color="blue" role="status" title={t('casesView.submit.waiting')}>
          {t('casesView.submit.waitingLead')}
        </Alert>
      ) : (
        <Alert color="green" role="status" title={t('casesView.submit.done')}>
          {t('casesView.submit.doneLead')}
        </Alert>
      )}
      <List spacing="xs">
        {reports.map((r) => (
          <List.Item key={r.id}>
            {/* The submission report's page follows the message to its acknowledgement. */}
            <Anchor component={Link} to={`/submissions/reports/${r.id}`} fw={600}>
              {r.receiverName}
            </Anchor>
            {' — '}
            {r.status === 'NOT_SENT'
              ? r.reasonCode
                ? t(`casesView.submit.reasons.${r.reasonCode}`, { profile: r.profile.toUpperCase() })
                : (r.statusReason ?? t('casesView.submit.notSent'))
              : t(`casesView.submit.statuses.${r.status}`, { defaultValue: r.status })}
            <Text size="xs" ff="monospace">
              {t('casesView.submit.messageId', { id: r.messageId })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The case view's "Submit" (issue 15, decision 0186): the organisation's receivers, those the
 * rules pick pre-selected, the validation of the message each would get, then distribute with
 * an Idempotency-Key (kept across retries of one submission) and what it created.
 */
export function SubmitDialog({
  reportId,
  reference,
  opened,
  onClose,
}: {
  reportId: string;
  reference: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useSubmissionPreview(reportId, opened);
  const send = useDistribute(reportId);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  // Closing forgets the choice, the answer and the key: opening again is a new submission.
  const close = () => {
    setChosen(null);
    send.reset();
    setKey(crypto.randomUUID());
    onClose();
  };
  const receivers = preview.data?.receivers ?? [];
  const selected = chosen ?? new Set(receivers.filter((r) => r.picked).map((r) => r.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <Modal opened={opened} onClose={close} size="lg" title={t('casesView.submit.title', { reference })}>
      {send.data ? (
        <Stack>
          <Created submissions={send.data} />
          <Button w="fit-content" onClick={close}>
            {t('casesView.submit.close')}
          </Button>
        </Stack>
      ) : preview.isPending ? (
        <Loading />
      ) : preview.isError ? (
        <Alert color="red" title={t('casesView.submit.loadFailed')}>
          {apiErrorMessage(preview.error, t)}
        </Alert>
      ) : receivers.length === 0 ? (
        <Text>{t('casesView.submit.noReceivers')}</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (selected.size > 0) send.mutate({ receiverIds: [...selected], key });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('casesView.submit.lead')}</Text>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="mantine-visually-hidden">{t('casesView.submit.receivers')}</legend>
              <Stack gap="xs">
                {receivers.map((r) => (
                  <ReceiverChoice
                    key={r.id}
                    receiver={r}
                    checked={selected.has(r.id)}
                    onToggle={(on) => toggle(r.id, on)}
                    reportId={reportId}
                    onFollow={close}
                  />
                ))}
              </Stack>
            </fieldset>
            <div aria-live="polite">
              {send.isError ? (
                <Alert color="red" title={t('casesView.submit.failed')}>
                  {apiErrorMessage(send.error, t)}
                </Alert>
              ) : null}
            </div>
            <Group>
              <Button type="submit" disabled={selected.size === 0} loading={send.isPending}>
                {t('casesView.submit.send', { count: selected.size })}
              </Button>
              <Button variant="default" onClick={close}>
                {t('casesView.submit.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

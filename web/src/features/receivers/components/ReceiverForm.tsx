import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type Receiver, type ReceiverBody, retrySpanSeconds } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import {
  attemptsOk,
  initialValues,
  type ReceiverValues,
  type TransportValues,
  toBody,
} from './form-values.ts';
import { TRANSPORTS } from './transports.ts';

const PROFILES = ['ich', 'fda', 'eu'] as const;
const FDA_ROUTES = ['case', 'postmarket', 'premarket'] as const;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const dueOk = (v: number | string) =>
  Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 365 && v !== '';

/**
 * How long the attempts span with the default waits (30 s doubled up to an hour, decision 0327):
 * the estimate shown under the field as it is typed.
 */
function attemptsHint(t: TFunction, value: number | string): string {
  const attempts = Number(value);
  if (!attemptsOk(value)) return t('receivers.form.attemptsInvalid');
  if (attempts === 1) return t('receivers.form.attemptsHintOnce');
  const span = retrySpanSeconds(attempts);
  return span < 3600
    ? t('receivers.form.attemptsHintMinutes', { attempts, count: Math.max(1, Math.round(span / 60)) })
    : t('receivers.form.attemptsHintHours', { attempts, count: Math.round(span / 3600) });
}

/**
 * A receiver's settings (decision 0170): name, E2B identifiers, rules, masking, deadlines and
 * its transport, whose fields come from the transport's own component. Validated on submit,
 * GOV.UK style; credentials are write-only.
 */
export function ReceiverForm({
  receiver,
  submitLabel,
  saving,
  error,
  onSubmit,
  onCancel,
}: {
  receiver?: Receiver;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  onSubmit: (body: ReceiverBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReceiverValues>(() => initialValues(receiver));
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const stored = receiver?.transport ?? null;
  const errorFor = (fieldId: string) => errors.find((e) => e.fieldId === fieldId)?.message;
  const set = (patch: Partial<ReceiverValues>) => setValues((v) => ({ ...v, ...patch }));
  const setTransport = (patch: Partial<TransportValues>) =>
    setValues((v) => ({ ...v, transport: { ...v.transport, ...patch } }));
  const kind = TRANSPORTS[values.transport.type] ?? {};
  const offered = [
    ...new Set([...Object.keys(TRANSPORTS), ...(stored ? [stored.type] : [])]),
  ] as TransportValues['type'][];

  const submit = () => {
    const found: FieldErrorItem[] = [];
    if (!values.name.trim())
      found.push({ fieldId: 'receiver-name', message: t('receivers.form.nameRequired') });
    if (!dueOk(values.dueDaysSerious))
      found.push({ fieldId: 'receiver-due-serious', message: t('receivers.form.dueInvalid') });
    if (!dueOk(values.dueDaysNonSerious))
      found.push({ fieldId: 'receiver-due-non-serious', message: t('receivers.form.dueInvalid') });
    if (!attemptsOk(values.deliveryAttempts))
      found.push({ fieldId: 'receiver-delivery-attempts', message: t('receivers.form.attemptsInvalid') });
    found.push(...(kind.check?.(values.transport, stored, t) ?? []));
    setErrors(found);
    setSubmits((n) => n + 1);
    if (found.length === 0) onSubmit(toBody(values, stored));
  };

  const identifier = (field: 'batchSender' | 'batchReceiver' | 'messageSender' | 'messageReceiver') => (
    <TextInput
      id={`receiver-${field}`}
      label={t(`receivers.form.${field}`)}
      value={values[field]}
      maxLength={60}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <ErrorSummary title={t('receivers.form.errorTitle')} errors={errors} focusKey={submits} />
        {error ? (
          <Alert color="red" title={t('receivers.form.saveFailed')} role="alert">
            {apiErrorMessage(error, t)}
          </Alert>
        ) : null}
        <Block title={t('receivers.form.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id="receiver-name"
              label={t('receivers.form.name')}
              description={t('receivers.form.nameHint')}
              value={values.name}
              maxLength={300}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errorFor('receiver-name')}
            />
            <TextInput
              id="receiver-code"
              label={t('receivers.form.code')}
              value={values.code}
              maxLength={60}
              onChange={(e) => set({ code: e.currentTarget.value })}
            />
          </SimpleGrid>
        </Block>
        <Block title={t('receivers.form.identifiers')}>
          <Text size="sm" c="dimmed" mb="sm">
            {t('receivers.form.identifiersHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {identifier('batchSender')}
            {identifier('batchReceiver')}
            {identifier('messageSender')}
            {identifier('messageReceiver')}
          </SimpleGrid>
        </Block>
        <Block title={t('receivers.form.rules')}>
          <Stack gap="sm">
            <Radio.Group
              label={t('receivers.form.profile')}
              value={values.profile}
              onChange={(v) => set({ profile: v as ReceiverValues['profile'] })}
            >
              <Group mt="xs">
                {PROFILES.map((p) => (
                  <Radio key={p} value={p} label={t(`receivers.profiles.${p}`)} />
                ))}
              </Group>
            </Radio.Group>
            {values.profile === 'fda' ? (
              <Radio.Group
                label={t('receivers.form.fdaRoute')}
                description={t('receivers.form.fdaRouteHint')}
                value={values.fdaRoute}
                onChange={(v) => set({ fdaRoute: v as ReceiverValues['fdaRoute'] })}
              >
                <Stack mt="xs" gap="xs">
                  {FDA_ROUTES.map((r) => (
                    <Radio key={r} value={r} label={t(`receivers.fdaRoutes.${r}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <Checkbox
              label={t('receivers.form.mask')}
              checked={values.maskPersonalData}
              onChange={(e) => set({ maskPersonalData: e.currentTarget.checked })}
            />
            <Textarea
              id="receiver-rule"
              label={t('receivers.form.rule')}
              description={t('receivers.form.ruleHint')}
              rows={2}
              ff="monospace"
              maxLength={4000}
              value={values.rule}
              onChange={(e) => set({ rule: e.currentTarget.value })}
            />
            <Checkbox
              label={t('receivers.form.requiresReview')}
              checked={values.requiresReview}
              onChange={(e) => set({ requiresReview: e.currentTarget.checked })}
            />
            <Checkbox
              label={t('receivers.form.isDefault')}
              description={t('receivers.form.isDefaultHint')}
              checked={values.isDefault}
              onChange={(e) => set({ isDefault: e.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                id="receiver-due-serious"
                label={t('receivers.form.dueSerious')}
                description={t('receivers.form.dueHint')}
                min={1}
                max={365}
                allowDecimal={false}
                value={values.dueDaysSerious}
                onChange={(v) => set({ dueDaysSerious: v })}
                error={errorFor('receiver-due-serious')}
              />
              <NumberInput
                id="receiver-due-non-serious"
                label={t('receivers.form.dueNonSerious')}
                description={t('receivers.form.dueHint')}
                min={1}
                max={365}
                allowDecimal={false}
                value={values.dueDaysNonSerious}
                onChange={(v) => set({ dueDaysNonSerious: v })}
                error={errorFor('receiver-due-non-serious')}
              />
            </SimpleGrid>
            <NumberInput
              id="receiver-delivery-attempts"
              label={t('receivers.form.attempts')}
              description={attemptsHint(t, values.deliveryAttempts)}
              min={1}
              max={30}
              allowDecimal={false}
              value={values.deliveryAttempts}
              onChange={(v) => set({ deliveryAttempts: v })}
              error={errorFor('receiver-delivery-attempts')}
              maw={360}
            />
          </Stack>
        </Block>
        <Block title={t('receivers.form.transport')}>
          <Stack gap="sm">
            <Radio.Group
              label={t('receivers.form.transportType')}
              value={values.transport.type}
              onChange={(v) => setTransport({ type: v as TransportValues['type'] })}
            >
              <Group mt="xs">
                {offered.map((type) => (
                  <Radio key={type} value={type} label={t(`receivers.transports.${type}`)} />
                ))}
              </Group>
            </Radio.Group>
            {kind.Fields ? (
              <kind.Fields
                value={values.transport}
                onChange={setTransport}
                stored={stored}
                errorFor={errorFor}
                receiver={receiver}
              />
            ) : null}
          </Stack>
        </Block>
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('receivers.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

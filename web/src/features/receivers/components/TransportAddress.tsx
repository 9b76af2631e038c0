import { TextInput } from '@mantine/core';
import type { Receiver } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import type { TransportValues } from './form-values.ts';

/** What every transport's fields take from the receiver form (one per transport, transports.ts). */
export interface TransportFieldsProps {
  value: TransportValues;
  onChange: (patch: Partial<TransportValues>) => void;
  stored: Receiver['transport'] | null;
  errorFor: (fieldId: string) => string | undefined;
  /** The receiver being edited (none while it is added). */
  receiver?: Pick<Receiver, 'id' | 'organisationId'> | undefined;
}

/** The id of a transport field: the error summary links to it, and the checks name it. */
export const transportFieldId = (name: string) => `receiver-transport-${name}`;

/** The receiver's address, with the transport's own hint under it. */
export function TransportUrlInput({
  value,
  onChange,
  errorFor,
  hint,
}: TransportFieldsProps & { hint: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={transportFieldId('url')}
      label={t('receivers.form.url')}
      description={hint}
      placeholder="https://"
      value={value.url}
      onChange={(e) => onChange({ url: e.currentTarget.value })}
      error={errorFor(transportFieldId('url'))}
    />
  );
}

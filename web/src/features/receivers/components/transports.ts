import type { Receiver } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { As2TransportFields, checkAs2 } from './As2TransportFields.tsx';
import type { TransportValues } from './form-values.ts';
import { checkHttps, HttpsTransportFields } from './HttpsTransportFields.tsx';
import type { TransportFieldsProps } from './TransportAddress.tsx';

/**
 * Each transport a receiver may use, with its own fields and checks: AS2 (and later SFTP) is
 * one more entry here and one more component beside HttpsTransportFields. A transport without
 * an entry is offered only to a receiver that already uses it, its settings kept as stored.
 */
export interface TransportKind {
  Fields?: ComponentType<TransportFieldsProps>;
  check?: (value: TransportValues, stored: Receiver['transport'] | null, t: TFunction) => FieldErrorItem[];
}

export const TRANSPORTS: Partial<Record<Receiver['transport']['type'], TransportKind>> = {
  none: {},
  https: { Fields: HttpsTransportFields, check: checkHttps },
  as2: { Fields: As2TransportFields, check: checkAs2 },
};

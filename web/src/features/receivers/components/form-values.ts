import {
  DELIVERY_ATTEMPTS_MAX,
  type E2bProfile,
  type FdaRoute,
  type Receiver,
  type ReceiverBody,
} from '@vigilo/contract';

/** The transport part of the form, as typed: credentials are write-only and start empty. */
export interface TransportValues {
  type: Receiver['transport']['type'];
  url: string;
  auth: Receiver['transport']['auth'];
  caCertificate: string;
  credentials: Record<string, string>;
  /** The administrator chose to replace credentials that are stored (never shown back). */
  replaceCredentials: boolean;
  /** AS2's own settings (partner names, certificate, algorithms), kept as stored until its fields edit them. */
  as2: Receiver['transport']['as2'];
}

export interface ReceiverValues {
  name: string;
  code: string;
  batchSender: string;
  batchReceiver: string;
  messageSender: string;
  messageReceiver: string;
  profile: E2bProfile;
  maskPersonalData: boolean;
  fdaRoute: FdaRoute;
  isDefault: boolean;
  rule: string;
  requiresReview: boolean;
  dueDaysSerious: number | string;
  dueDaysNonSerious: number | string;
  /** How often a message is tried before it is FAILED (1–30, decision 0327). */
  deliveryAttempts: number | string;
  transport: TransportValues;
}

/** What a receiver's form starts with: the receiver's settings, or the defaults of decision 0170. */
export function initialValues(receiver?: Receiver): ReceiverValues {
  return {
    name: receiver?.name ?? '',
    code: receiver?.code ?? '',
    batchSender: receiver?.batchSender ?? '',
    batchReceiver: receiver?.batchReceiver ?? '',
    messageSender: receiver?.messageSender ?? '',
    messageReceiver: receiver?.messageReceiver ?? '',
    profile: receiver?.profile ?? 'ich',
    maskPersonalData: receiver?.maskPersonalData ?? false,
    fdaRoute: receiver?.fdaRoute ?? 'case',
    isDefault: receiver?.isDefault ?? false,
    rule: receiver?.rule ?? '',
    requiresReview: receiver?.requiresReview ?? false,
    dueDaysSerious: receiver?.dueDaysSerious ?? 15,
    dueDaysNonSerious: receiver?.dueDaysNonSerious ?? 90,
    deliveryAttempts: receiver?.deliveryAttempts ?? 16,
    transport: {
      type: receiver?.transport.type ?? 'none',
      url: receiver?.transport.url ?? '',
      auth: receiver?.transport.auth ?? 'none',
      caCertificate: receiver?.transport.caCertificate ?? '',
      credentials: {},
      replaceCredentials: false,
      as2: receiver?.transport.as2 ?? null,
    },
  };
}

/** Credentials each authentication needs (decision 0170), in the order the form asks for them. */
export const CREDENTIALS: Record<Receiver['transport']['auth'], string[]> = {
  none: [],
  bearer: ['token'],
  basic: ['username', 'password'],
  client_certificate: ['certificate', 'privateKey'],
};

/** The credentials a transport asks for: AS2 always our signing certificate and key (decision 0195), HTTPS by its authentication. */
export const credentialNames = (t: Pick<TransportValues, 'type' | 'auth'>): string[] =>
  t.type === 'as2' ? ['certificate', 'privateKey'] : t.type === 'none' ? [] : CREDENTIALS[t.auth];

/**
 * Whether the form must send credentials: the transport needs some, and none are stored for
 * it (a new receiver, another transport or authentication) or the administrator chose to
 * replace them.
 */
export function credentialsAsked(t: TransportValues, stored: Receiver['transport'] | null): boolean {
  if (credentialNames(t).length === 0) return false;
  const kept =
    stored?.hasCredentials === true && stored.type === t.type && (t.type === 'as2' || stored.auth === t.auth);
  return !kept || t.replaceCredentials;
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The PUT/POST body: every field; credentials only when asked (left out, the stored ones are kept). */
export function toBody(v: ReceiverValues, stored: Receiver['transport'] | null): ReceiverBody {
  const t = v.transport;
  const transport: NonNullable<ReceiverBody['transport']> =
    t.type === 'none'
      ? { type: 'none' }
      : {
          type: t.type,
          url: t.url.trim(),
          // AS2 is authenticated by its signature: no HTTP authentication.
          auth: t.type === 'as2' ? 'none' : t.auth,
          caCertificate: orNull(t.caCertificate),
          ...(t.type === 'as2' && t.as2 ? { as2: t.as2 } : {}),
          ...(credentialsAsked(t, stored)
            ? { credentials: Object.fromEntries(credentialNames(t).map((k) => [k, t.credentials[k] ?? ''])) }
            : {}),
        };
  return {
    name: v.name.trim(),
    code: orNull(v.code),
    batchSender: orNull(v.batchSender),
    batchReceiver: orNull(v.batchReceiver),
    messageSender: orNull(v.messageSender),
    messageReceiver: orNull(v.messageReceiver),
    profile: v.profile,
    maskPersonalData: v.maskPersonalData,
    fdaRoute: v.fdaRoute,
    isDefault: v.isDefault,
    rule: orNull(v.rule),
    requiresReview: v.requiresReview,
    dueDaysSerious: Number(v.dueDaysSerious),
    dueDaysNonSerious: Number(v.dueDaysNonSerious),
    deliveryAttempts: Number(v.deliveryAttempts),
    transport,
  };
}

/** A number of delivery attempts the API takes: a whole number from 1 to 30. */
export const attemptsOk = (v: number | string) => {
  const n = Number(v);
  return v !== '' && Number.isInteger(n) && n >= 1 && n <= DELIVERY_ATTEMPTS_MAX;
};

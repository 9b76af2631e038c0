import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import type { ReceiverBody } from '@vigilo/contract';
import forge from 'node-forge';
import { fieldError } from '../../platform/errors.ts';
import type { Credentials } from './submissions.transport.ts';

/**
 * What an AS2 receiver's settings must hold when they are written (decision 0195): a
 * partner certificate that parses, and our signing certificate with the key that belongs to
 * it, all RSA (the key transport AS2 gateways use). A bad one is a 400 naming the field,
 * never a failure at send time.
 */

type As2Body = NonNullable<NonNullable<ReceiverBody['transport']>['as2']>;

function certificate(pem: string, field: string): X509Certificate {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
    forge.pki.certificateFromPem(pem);
  } catch {
    throw fieldError(field, 'invalid', 'This is not a certificate in PEM form (-----BEGIN CERTIFICATE-----)');
  }
  if (cert.publicKey.asymmetricKeyType !== 'rsa')
    throw fieldError(field, 'invalid', 'AS2 needs an RSA certificate');
  if (new Date(cert.validTo).getTime() < Date.now())
    throw fieldError(field, 'invalid', `This certificate expired on ${new Date(cert.validTo).toISOString()}`);
  return cert;
}

/** The AS2 columns of a receiver whose transport is AS2. */
export function as2Columns(as2: As2Body | undefined) {
  if (!as2)
    throw fieldError(
      'body/transport/as2',
      'required',
      'An AS2 transport needs its AS2 names and the partner certificate',
    );
  certificate(as2.partnerCertificate, 'body/transport/as2/partnerCertificate');
  return {
    as2_from: as2.from,
    as2_to: as2.to,
    as2_partner_certificate: as2.partnerCertificate,
    as2_encryption: as2.encryption ?? 'aes256-cbc',
    as2_signing: as2.signing ?? 'sha-256',
  };
}

/**
 * Our signing certificate and key, checked and stored as credentials. The key is kept as
 * PKCS#8 PEM whatever form it came in (PKCS#1 or PKCS#8).
 */
export function as2Credentials(given: Credentials): Credentials {
  const field = 'body/transport/credentials';
  for (const name of ['certificate', 'privateKey'] as const)
    if (!given[name])
      throw fieldError(`${field}/${name}`, 'required', `AS2 needs ${name}: Vigilo's signing ${name}`);
  const extra = Object.keys(given).find((k) => k !== 'certificate' && k !== 'privateKey');
  if (extra) throw fieldError(`${field}/${extra}`, 'notAllowed', `AS2 takes no ${extra}`);
  const cert = certificate(given.certificate!, `${field}/certificate`);
  let key: KeyObject;
  try {
    key = createPrivateKey(given.privateKey!);
  } catch {
    throw fieldError(
      `${field}/privateKey`,
      'invalid',
      'This is not an unencrypted private key in PEM form (-----BEGIN PRIVATE KEY-----)',
    );
  }
  if (!cert.checkPrivateKey(key))
    throw fieldError(`${field}/privateKey`, 'invalid', 'This private key does not belong to the certificate');
  return {
    certificate: given.certificate!,
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

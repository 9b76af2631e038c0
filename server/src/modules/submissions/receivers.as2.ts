import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { fieldError } from '../../platform/errors.ts';
import type { Credentials } from './submissions.transport.ts';

/**
 * What an AS2 receiver's settings must hold when they are written (decision 0195): a
 * partner certificate that parses, and our signing certificate with the key that belongs to
 * it, all RSA (the key transport AS2 gateways use). A bad one is a 400 naming the field,
 * never a failure at send time.
 */

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

/** The partner's certificate, checked when it is written (400 on `body/transport/as2/partnerCertificate`). */
export function checkPartnerCertificate(pem: string): void {
  certificate(pem, 'body/transport/as2/partnerCertificate');
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

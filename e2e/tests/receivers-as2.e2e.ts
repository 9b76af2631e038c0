import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type As2TestReceiver, rsaCertificate, startAs2Receiver } from '../../server/test/as2-receiver.ts';
import { as2Message, entityOf, verifyMdn } from '../../server/test/as2-sender.ts';
import { ackFor } from '../../server/test/e2b-receiver.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import { axeViolations, contextAt, DEMO_PASSWORD, signIn } from '../journey.ts';
import { apiToken, organisationOf } from '../submissions.ts';

/**
 * The receiver form's AS2 fields in a browser (decision 0195): an organisation administrator
 * adds an AS2 receiver — checked on submit, then saved — and sends a test message to a real
 * AS2 endpoint started here, which answers a signed MDN that the page shows. The page then
 * gives the address where the partner sends acknowledgements back (decision 0196); the partner,
 * played by openssl, sends one there, and "Acknowledgements received" says it came by AS2.
 */
const baseUrl = inject('baseUrl');
const vigilo = rsaCertificate('vigilo-e2e');
let browser: Browser;
let partner: As2TestReceiver;

beforeAll(async () => {
  browser = await connectBrowser();
  partner = await startAs2Receiver(vigilo.cert, 'localhost');
});
afterAll(async () => {
  await browser?.close();
  await partner?.close();
});

describe('an AS2 receiver', () => {
  it('is added with its certificates, checked on submit, and answers a test message with a signed MDN', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    const token = await apiToken(baseUrl, 'orgadmin@demo.vigilo.test', DEMO_PASSWORD);
    const organisationId = await organisationOf(baseUrl, token);
    await page.goto(`${baseUrl}/admin/organisations/${organisationId}/receivers/new`);
    await page.getByLabel('Name', { exact: true }).fill(`EMA gateway ${Date.now().toString(36)}`);
    await page.getByRole('radio', { name: 'AS2' }).check();
    await page.getByRole('button', { name: 'Add the receiver' }).click();
    await expect
      .poll(() => page.getByTestId('error-summary').textContent())
      .toContain('Paste your private key');
    await screenshot(page, 'receivers-as2-errors-1280');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Address').fill(`${partner.url}/as2`);
    await page.getByLabel('Your AS2 name (AS2-From)').fill('VIGILO-NPC');
    await page.getByLabel("The partner's AS2 name (AS2-To)").fill('EVHUMAN');
    await page.getByLabel("The partner's certificate, PEM").fill(partner.certificate);
    await page.getByLabel('Your signing certificate, PEM').fill(vigilo.cert);
    await page.getByLabel('Your private key, PEM').fill(vigilo.key);
    await page.getByRole('button', { name: 'Add the receiver' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/new'));
    await expect
      .poll(() => page.getByTestId('credentials-set').textContent())
      .toContain('Credentials are set');
    await page.getByRole('button', { name: 'Send test message' }).click();
    const answer = page.getByTestId('test-answer');
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('Disposition: processed');
    await screenshot(page, 'receivers-as2-test-message-1280');
    expect(await axeViolations(page)).toEqual([]);
    expect([...partner.processed.values()]).toEqual([1]);

    // The partner sends an acknowledgement back to the address the page gives.
    const inbound = (await page.getByTestId('as2-inbound-url').textContent())!.trim();
    expect(inbound).toMatch(
      new RegExp(`^${baseUrl}/v1/organisation/${organisationId}/receivers/[0-9a-f-]{36}/as2$`),
    );
    const message = await as2Message({
      entity: entityOf(ackFor('E2E-NOT-SENT-1')),
      signer: { cert: partner.certificate, key: partner.privateKey },
      recipient: vigilo.cert,
    });
    const sent = await fetch(inbound, {
      method: 'POST',
      headers: {
        'AS2-From': 'EVHUMAN',
        'AS2-To': 'VIGILO-NPC',
        'Message-ID': `<e2e-${Date.now()}@ema.example>`,
        'Content-Type': message.contentType,
        'Disposition-Notification-To': 'mdn@ema.example',
      },
      body: new Uint8Array(message.body),
    });
    expect(sent.status).toBe(200);
    const mdn = await verifyMdn(
      sent.headers.get('content-type') ?? '',
      Buffer.from(await sent.arrayBuffer()),
      vigilo.cert,
    );
    expect(mdn.fields['received-content-mic']).toBe(`${message.mic}, sha-256`);
    await page.goto(`${baseUrl}/submissions/responses`);
    const source = page.getByTestId('response-source').first();
    await expect.poll(() => source.textContent()).toContain(`By AS2 from EMA gateway`);
    await screenshot(page, 'responses-by-as2-1280');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

import type { TestApp } from './app.ts';
import { http } from './http.ts';

/**
 * The token of the newest link mailed to `to` by `template` (read from the outbox, where
 * the mailer records every message it sends), or '' when there is none.
 */
export async function emailLinkToken(app: TestApp, to: string, template: string): Promise<string> {
  const mail = await app.db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('recipient', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const match = /\/verify-email\?token=([\w%-]+)/.exec(mail?.body_text ?? '');
  return match ? decodeURIComponent(match[1]!) : '';
}

/** Opens the newest link mailed to `to` by `template`, as its recipient would: POST /v1/verify/email. */
export async function openEmailLink(app: TestApp, to: string, template: string) {
  const token = await emailLinkToken(app, to, template);
  return http<{ purpose?: string; code?: string }>(app.url, 'POST', '/v1/verify/email', { body: { token } });
}

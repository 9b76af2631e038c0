import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/render.tsx';
import { answerRequests } from '../../invites/testing.ts';
import en from '../texts/en.json';
import fr from '../texts/fr.json';

const organisations = [
  { id: '00000000-0000-4000-8000-0000000000a1', name: 'Centre Régional' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'National Pharmacovigilance Centre' },
];
const receipt = { status: 'pending', message: 'Thank you.' };

async function fillValid() {
  await userEvent.type(screen.getByLabelText('First name'), 'Ana');
  await userEvent.type(screen.getByLabelText('Last name'), 'Applicant');
  await userEvent.type(screen.getByLabelText(/^Email address/), 'ana@example.org');
  await userEvent.click(screen.getByRole('combobox', { name: /^Organisation/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'National Pharmacovigilance Centre' }));
  await userEvent.type(screen.getByLabelText(/^Create a password/), 'a long enough password');
  await userEvent.type(screen.getByLabelText(/^Confirm your password/), 'a long enough password');
}

// Generous: the form journey types a lot, slow on a busy two-core machine.
describe('RegisterPage', { timeout: 30_000 }, () => {
  it('validates on submit with the summary, then sends the request and shows the confirmation', async () => {
    const fake = createFakeApi();
    const request = fake.api.request as Mock;
    answerRequests(request, {
      'GET /v1/account/request/organisations': ({ query }) => {
        expect(query).toEqual({ platformId: '00000000-0000-4000-8000-00000000000f' });
        return organisations;
      },
      'POST /v1/account/request': () => receipt,
    });
    renderApp('/register?platformId=00000000-0000-4000-8000-00000000000f', fake);
    expect(await screen.findByRole('heading', { name: 'Request an account', level: 1 })).toBeInTheDocument();
    await screen.findByRole('combobox', { name: /^Organisation/ });
    expect(screen.getByText('be at least 12 characters long')).toBeInTheDocument();
    expect(screen.getByText('Why do you need an account? (optional)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      'Choose an organisation',
      'Create a password',
    ]);
    expect(document.title).toBe('Error: Request an account – Vigilo');
    expect(request).not.toHaveBeenCalledWith('POST', '/v1/account/request', expect.anything());

    await fillValid();
    await userEvent.clear(screen.getByLabelText(/^Confirm your password/));
    await userEvent.type(screen.getByLabelText(/^Confirm your password/), 'something else entirely');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findAllByText('The passwords do not match')).toHaveLength(2);

    await userEvent.clear(screen.getByLabelText(/^Confirm your password/));
    await userEvent.type(screen.getByLabelText(/^Confirm your password/), 'a long enough password');
    await userEvent.type(screen.getByLabelText(/^Why do you need an account/), 'I am a pharmacist.');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    const panel = await screen.findByRole('status');
    expect(within(panel).getByRole('heading', { name: 'Check your email', level: 1 })).toBeInTheDocument();
    expect(within(panel).getByText('We have sent a link to ana@example.org.')).toBeInTheDocument();
    expect(screen.getByText(/Open it within 24 hours to confirm your address/)).toBeInTheDocument();
    expect(screen.getByText(/You will get another email/)).toBeInTheDocument();
    expect(document.title).toBe('Check your email – Vigilo');
    expect(request).toHaveBeenCalledWith('POST', '/v1/account/request', {
      body: {
        firstName: 'Ana',
        lastName: 'Applicant',
        email: 'ana@example.org',
        organisationId: organisations[1]!.id,
        password: 'a long enough password',
        language: 'en',
        message: 'I am a pharmacist.',
      },
      skipRefresh: true,
    });
  });

  it('flags a short password and a malformed email beside their fields', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/account/request/organisations': () => [organisations[0]],
    });
    renderApp('/register', fake);
    // One organisation: chosen already.
    expect(await screen.findByRole('combobox', { name: /^Organisation/ })).toHaveValue('Centre Régional');
    await userEvent.type(screen.getByLabelText('First name'), 'A');
    await userEvent.type(screen.getByLabelText('Last name'), 'B');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/^Create a password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Enter an email address in the correct format, like name@example.com',
      'Your password must be at least 12 characters',
      'Confirm your password',
    ]);
    // Each message also sits beside its field.
    expect(screen.getAllByText('Your password must be at least 12 characters')).toHaveLength(2);
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a refusal naming a field shows beside it and in the summary, in words (decision 0037)', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/account/request/organisations': () => organisations,
      'POST /v1/account/request': () => {
        throw new ApiRequestError(409, {
          code: 'CONFLICT',
          statusCode: 409,
          message: 'body/email is already used by another account',
          error: 'Conflict',
          meta: { fields: [{ field: 'body/email', message: 'raw', reason: 'taken' }] },
        });
      },
    });
    renderApp('/register', fake);
    await screen.findByRole('combobox', { name: /^Organisation/ });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const link = await screen.findByRole('link', { name: 'Email address is already in use' });
    expect(link).toHaveAttribute('href', '#register-email');
    expect(screen.getByTestId('error-summary')).toHaveFocus();
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/already used by another account/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and an empty platform's message", async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/account/request/organisations': () => organisations,
      'POST /v1/account/request': () => {
        throw new ApiRequestError(400, {
          code: 'VALIDATION_FAILED',
          statusCode: 400,
          message: 'This organisation does not take account requests',
          error: 'Bad Request',
          meta: {},
        });
      },
    });
    renderApp('/register', fake);
    await screen.findByRole('combobox', { name: /^Organisation/ });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request could not be sent')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const empty = createFakeApi();
    answerRequests(empty.api.request as Mock, { 'GET /v1/account/request/organisations': () => [] });
    document.body.innerHTML = '';
    renderApp('/register', empty);
    expect(await screen.findByText(/No organisation takes account requests here/)).toBeInTheDocument();
  });

  it('has every string in French', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(fr.account.register).sort()).toEqual(keys(en.account.register).sort());
    expect(fr.account.register.title).toBe('Demander un compte');
  });

  it('the login page links to it', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/account/request/organisations': () => organisations,
      'GET /v1/sso-providers': () => [],
    });
    const { router } = renderApp('/login', fake);
    await userEvent.click(await screen.findByRole('link', { name: 'Request an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('heading', { name: 'Request an account', level: 1 })).toBeInTheDocument();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, type Mock } from 'vitest';
import { meddraPath, meddraRelease, syntheticSoc } from '../../test/meddra.ts';
import { createFakeApi, renderWithProviders, testSession } from '../../test/render.tsx';
import type { MeddraCoding } from './api/meddra.ts';
import { MeddraPicker } from './MeddraPicker.tsx';

configure({ asyncUtilTimeout: 5000 });

// The synthetic release's terms (server/test/fixtures/meddra-synthetic), as the server answers them.
const soc = syntheticSoc.nervous;
const hlgt = { code: 90100001, name: 'Headache conditions' };
const hlt = { code: 90200001, name: 'Headaches of tension type' };
const pt = { code: 90300001, name: 'Cephalalgia tensive' };
const path = (llt: { code: number; name: string; current: boolean }) =>
  meddraPath(llt, pt, soc, { hlt, hlgt });
const bandLike = path({ code: 90400001, name: 'Tension headache band-like', current: true });
const pressure = path({ code: 90400002, name: 'Head pressure feeling', current: false });

type Options = { query?: Record<string, unknown>; signal?: AbortSignal };
/** The fake client answering the MedDRA routes; `search` decides each search's answer. */
function meddraApi(search: (query: string, signal?: AbortSignal) => Promise<unknown> | unknown) {
  const fake = createFakeApi(testSession);
  const request = fake.api.request as unknown as Mock;
  request.mockImplementation(async (method: string, url: string, options: Options = {}) => {
    if (method === 'GET' && url === '/v1/meddras/versions') return [meddraRelease];
    if (method === 'GET' && url === '/v1/meddras/search')
      return search(String(options.query?.query), options.signal);
    if (method === 'GET' && url === '/v1/meddras/lookup') {
      const code = options.query?.code;
      return [bandLike, pressure].filter((p) => p.llt.code === code);
    }
    if (method === 'GET' && url === '/v1/meddras') {
      const parent = options.query?.parentCode;
      if (parent === undefined) return [{ level: 'soc', ...soc, current: true }];
      if (parent === soc.code) return [{ level: 'hlgt', ...hlgt, current: true }];
      if (parent === hlgt.code) return [{ level: 'hlt', ...hlt, current: true }];
      if (parent === hlt.code) return [{ level: 'pt', ...pt, current: true }];
      if (parent === pt.code && options.query?.level === 'pt')
        return [
          { level: 'llt', code: 90300001, name: 'Cephalalgia tensive', current: true },
          { level: 'llt', ...bandLike.llt },
          { level: 'llt', ...pressure.llt },
        ];
    }
    throw new Error(`unexpected request ${method} ${url}`);
  });
  return { fake, request };
}

function Harness(props: { initial?: MeddraCoding; onChange: (value: MeddraCoding | undefined) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <MeddraPicker
      id="term"
      label="Reaction term"
      verbatim="tight band round my head"
      value={value}
      debounceMs={0}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('MeddraPicker', { timeout: 20_000 }, () => {
  it('lists hits with their path to the SOC; arrows and Enter choose; a non-current LLT cannot be chosen', async () => {
    const { fake } = meddraApi(() => [bandLike, pressure]);
    const chosen: (MeddraCoding | undefined)[] = [];
    renderWithProviders(<Harness onChange={(v) => chosen.push(v)} />, { api: fake.api });
    const user = userEvent.setup();

    const box = await screen.findByRole('combobox', { name: 'Reaction term · MedDRA 90.0' });
    expect(screen.getByText('tight band round my head')).toBeTruthy();
    await user.type(box, 'head');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Tension headache band-like 90400001Cephalalgia tensive › Headaches of tension type › Headache conditions › Synthetic nervous disorders',
      'Head pressure feeling 90400002Non-current, not for new codingCephalalgia tensive › Headaches of tension type › Headache conditions › Synthetic nervous disorders',
    ]);
    expect(options[1]!.getAttribute('aria-disabled')).toBe('true');
    expect(options[0]!.getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 results: use the up and down arrows, then Enter');

    // Down twice lands on the non-current term: Enter chooses nothing, a click neither.
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe('term-option-0');
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe('term-option-1');
    await user.keyboard('{Enter}');
    await user.click(options[1]!);
    expect(chosen).toEqual([]);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    // Up goes back to the current term; Enter chooses it.
    await user.keyboard('{ArrowUp}{Enter}');
    expect(chosen).toEqual([{ version: '90.0', code: '90400001' }]);
    const card = await screen.findByTestId('term-chosen');
    expect(card.textContent).toBe(
      'Chosen term · MedDRA 90.0LLTTension headache band-like 90400001PTCephalalgia tensive 90300001HLTHeadaches of tension type 90200001HLGTHeadache conditions 90100001SOCSynthetic nervous disorders 90000001',
    );
    // The reporter's words stay beside the chosen term, and the focus is on "Change".
    expect(screen.getByText('tight band round my head')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Change');
  });

  it('aborts the older search when more is typed, and never shows its late answer', async () => {
    const signals = new Map<string, AbortSignal>();
    let answerFirst: (value: unknown) => void = () => {};
    const { fake } = meddraApi((query, signal) => {
      signals.set(query, signal!);
      if (query === 'hea') return new Promise((resolve) => (answerFirst = resolve));
      return [pressure];
    });
    renderWithProviders(<Harness onChange={() => {}} />, { api: fake.api });
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox');
    await user.type(box, 'hea');
    await waitFor(() => expect(signals.has('hea')).toBe(true));
    expect(signals.get('hea')!.aborted).toBe(false);
    await user.type(box, 'd pressure');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(signals.get('hea')!.aborted).toBe(true);
    answerFirst([bandLike]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole('option').map((o) => o.querySelector('span')?.textContent)).toEqual([
      'Head pressure feeling',
    ]);
  });

  it('Escape closes the list, then clears the text', async () => {
    const { fake } = meddraApi(() => [bandLike]);
    renderWithProviders(<Harness onChange={() => {}} />, { api: fake.api });
    const user = userEvent.setup();
    const box = (await screen.findByRole('combobox')) as HTMLInputElement;
    await user.type(box, 'tension');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('tension');
    await user.keyboard('{Escape}');
    expect(box.value).toBe('');
  });

  it('browses SOC → HLGT → HLT → PT → LLT and chooses a current LLT; a non-current one is disabled', async () => {
    const { fake } = meddraApi(() => []);
    const chosen: (MeddraCoding | undefined)[] = [];
    renderWithProviders(<Harness onChange={(v) => chosen.push(v)} />, { api: fake.api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Browse the hierarchy' }));
    await user.click(
      await screen.findByRole('button', { name: 'Open Synthetic nervous disorders 90000001' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open Headache conditions 90100001' }));
    await user.click(await screen.findByRole('button', { name: 'Open Headaches of tension type 90200001' }));
    await user.click(await screen.findByRole('button', { name: 'Open Cephalalgia tensive 90300001' }));
    expect(screen.getByRole('heading', { name: 'Lowest level terms' })).toBe(document.activeElement);
    expect(screen.getByRole('navigation', { name: 'Path' }).textContent).toBe(
      'All system organ classes› SOC Synthetic nervous disorders› HLGT Headache conditions› HLT Headaches of tension type› PT Cephalalgia tensive',
    );
    const nonCurrent = screen.getByRole('button', {
      name: 'Head pressure feeling 90400002, Non-current, not for new coding',
    }) as HTMLButtonElement;
    expect(nonCurrent.disabled).toBe(true);
    await user.click(nonCurrent);
    expect(chosen).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Choose Tension headache band-like 90400001' }));
    expect(chosen).toEqual([{ version: '90.0', code: '90400001' }]);
    expect((await screen.findByTestId('term-chosen')).textContent).toContain(
      'LLTTension headache band-like 90400001',
    );
  });

  it('shows a stored coding with its path, and Remove clears it', async () => {
    const { fake } = meddraApi(() => []);
    const chosen: (MeddraCoding | undefined)[] = [];
    renderWithProviders(
      <Harness initial={{ version: '90.0', code: '90400002' }} onChange={(v) => chosen.push(v)} />,
      { api: fake.api },
    );
    const user = userEvent.setup();
    const card = await screen.findByTestId('term-chosen');
    await waitFor(() => expect(card.textContent).toContain('LLTHead pressure feeling 90400002'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(chosen).toEqual([undefined]);
    expect(await screen.findByRole('combobox')).toBeTruthy();
  });
});

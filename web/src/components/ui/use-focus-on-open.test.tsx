import { Button, Paper, Title } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { useFocusOnOpen } from './use-focus-on-open.ts';

function Panel({ onClose }: { onClose: () => void }) {
  const ref = useFocusOnOpen<HTMLDivElement>();
  return (
    <Paper ref={ref} component="section">
      <Title order={3}>Add an authenticator app</Title>
      <input aria-label="Code" />
      <Button onClick={onClose}>Cancel</Button>
    </Paper>
  );
}

/** The usual shape: the trigger is hidden while its panel is open. */
function Section() {
  const [open, setOpen] = useState(false);
  return open ? (
    <Panel onClose={() => setOpen(false)} />
  ) : (
    <Button id="add-authenticator" onClick={() => setOpen(true)}>
      Add authenticator
    </Button>
  );
}

describe('useFocusOnOpen (decision 0038)', () => {
  it('moves focus to the panel heading when it opens, and back to the trigger (drawn again) when it closes', async () => {
    renderWithProviders(<Section />, createFakeApi());
    await userEvent.click(screen.getByRole('button', { name: 'Add authenticator' }));
    expect(screen.getByRole('heading', { name: 'Add an authenticator app' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add authenticator' })).toHaveFocus();
  });

  it('works from the keyboard alone', async () => {
    renderWithProviders(<Section />, createFakeApi());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add authenticator' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Add an authenticator app' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Add authenticator' })).toHaveFocus();
  });

  it('in StrictMode too (development runs the effect twice; the panel must not become its own opener)', async () => {
    renderWithProviders(
      <StrictMode>
        <Section />
      </StrictMode>,
      createFakeApi(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add authenticator' }));
    expect(screen.getByRole('heading', { name: 'Add an authenticator app' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add authenticator' })).toHaveFocus();
  });
});

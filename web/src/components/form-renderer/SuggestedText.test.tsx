import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SuggestedText } from './SuggestedText.tsx';

function Harness({ suggest }: { suggest: (q: string, s: AbortSignal) => Promise<string[]> }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="medicine">Name of the medicine</label>
      <SuggestedText
        id="medicine"
        suggest={suggest}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
    </>
  );
}

describe('a medicine’s name with suggestions (signed out)', () => {
  it('asks from two characters, once typing pauses, and lists the names; a failure lists none', async () => {
    const user = userEvent.setup();
    const suggest = vi.fn(async (query: string) =>
      query === 'amo' ? ['Amoxil 500 mg capsules', 'Amoxibee syrup'] : Promise.reject(new Error('offline')),
    );
    render(<Harness suggest={suggest} />);
    const input = screen.getByRole('combobox', { name: 'Name of the medicine' });
    await user.type(input, 'a');
    expect(suggest).not.toHaveBeenCalled();
    await user.type(input, 'mo');
    const list = screen.getByTestId('medicine-suggestions');
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual([
        'Amoxil 500 mg capsules',
        'Amoxibee syrup',
      ]),
    );
    // Typed quickly, "amo" was asked once, not for "am" as well.
    expect(suggest.mock.calls.map(([query]) => query)).toEqual(['amo']);
    expect(input.getAttribute('list')).toBe(list.id);
    await user.type(input, 'x');
    await waitFor(() => expect(list.querySelectorAll('option')).toHaveLength(0));
  });
});

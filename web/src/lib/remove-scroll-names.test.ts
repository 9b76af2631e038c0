import { RemoveScroll as library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-names.ts';

describe('the scroll class names AppShell reads', () => {
  it('are the library’s own, so a dialog’s scroll lock still keeps the header in place', () => {
    // Written out as react-remove-scroll-bar defines them: the header's class must be the one its lock pads.
    expect(RemoveScroll.classNames).toEqual({
      fullWidth: 'width-before-scroll-bar',
      zeroRight: 'right-scroll-bar-position',
    });
    expect(RemoveScroll.classNames).toEqual(library.classNames);
  });
});

import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * The class names of `react-remove-scroll`, without its scroll lock: what Mantine's AppShell
 * reads of it (web/build/scroll-names.ts, decision 0326). Same constants as the library's.
 */
export const RemoveScroll = {
  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },
};

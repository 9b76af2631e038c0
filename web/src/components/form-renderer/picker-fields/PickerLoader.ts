/**
 * Imports the pickers' chunk. The renderer imports this tiny module rather than the pickers
 * themselves: each dynamic import costs the chunk that writes it the names of the files it needs
 * (Vite's preload map, some twenty for the pickers), and this module imports nothing else, so
 * the chunks already there are not split again for it (see picker-kinds.ts, decision 0154).
 */
export const loadPickers = () => import('./PickerQuestion.tsx');

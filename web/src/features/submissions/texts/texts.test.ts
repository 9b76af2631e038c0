import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { submissionsTexts } from './use-submissions-texts.ts';

describe('submission screen texts', () => {
  itHasEveryTextInBothLanguages(submissionsTexts, 100);
});

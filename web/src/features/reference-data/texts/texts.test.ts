import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { refdataTexts } from './use-refdata-texts.ts';

describe('reference-data screen texts', () => itHasEveryTextInBothLanguages(refdataTexts, 80));

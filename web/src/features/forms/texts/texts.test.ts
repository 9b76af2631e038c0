import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { formsTexts } from './use-forms-texts.ts';

describe('form administration texts', () => itHasEveryTextInBothLanguages(formsTexts, 150));

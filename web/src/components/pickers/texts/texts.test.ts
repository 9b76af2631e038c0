import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { pickerTexts } from './use-picker-texts.ts';

describe('picker texts', () => itHasEveryTextInBothLanguages(pickerTexts, 30));

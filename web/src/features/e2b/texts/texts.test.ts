import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { e2bTexts } from './use-e2b-texts.ts';

describe('E2B(R3) import and case tab texts', () => itHasEveryTextInBothLanguages(e2bTexts, 40));

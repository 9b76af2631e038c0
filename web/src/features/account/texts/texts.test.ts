import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { accountTexts } from './use-account-texts.ts';

describe('account texts', () => itHasEveryTextInBothLanguages(accountTexts, 60));

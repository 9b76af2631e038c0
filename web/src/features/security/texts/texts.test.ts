import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { securityTexts } from './use-security-texts.ts';

describe('account security texts', () => itHasEveryTextInBothLanguages(securityTexts, 40));

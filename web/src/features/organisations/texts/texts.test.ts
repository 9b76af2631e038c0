import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { organisationsTexts } from './use-organisations-texts.ts';

describe('organisation administration texts', () => itHasEveryTextInBothLanguages(organisationsTexts, 40));

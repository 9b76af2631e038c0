import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { receiversTexts } from './use-receivers-texts.ts';

describe('receiver screen texts', () => itHasEveryTextInBothLanguages(receiversTexts, 90));

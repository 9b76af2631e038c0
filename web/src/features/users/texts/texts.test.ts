import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { usersTexts } from './use-users-texts.ts';

describe('user administration texts', () => itHasEveryTextInBothLanguages(usersTexts, 40));

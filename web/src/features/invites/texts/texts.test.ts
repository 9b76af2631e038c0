import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { invitesTexts } from './use-invites-texts.ts';

describe('invitation texts', () => itHasEveryTextInBothLanguages(invitesTexts, 30));

import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { userGroupsTexts } from './use-user-groups-texts.ts';

describe('user group texts', () => itHasEveryTextInBothLanguages(userGroupsTexts, 20));

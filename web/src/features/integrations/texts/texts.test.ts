import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { integrationsTexts } from './use-integrations-texts.ts';

describe('API-key and SSO administration texts', () => itHasEveryTextInBothLanguages(integrationsTexts, 60));

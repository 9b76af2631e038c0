import { describe } from 'vitest';
import { itHasEveryTextInBothLanguages } from '../../../test/chunk-texts.ts';
import { landingTexts } from './landing/use-landing-texts.ts';
import { myReportsTexts } from './use-my-reports-texts.ts';

describe('the reporting pages’ texts', () => {
  describe('My reports', () => itHasEveryTextInBothLanguages(myReportsTexts, 30));
  describe('the public landing', () => itHasEveryTextInBothLanguages(landingTexts, 10));
});

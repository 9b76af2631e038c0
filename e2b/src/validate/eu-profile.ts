import { FIELD_PATHS } from './fields.ts';
import type { Rule } from './rules.ts';
import { ELEMENTS } from './tables.ts';

/**
 * Layer 3, EU: the business rules of the EU ICSR Implementation Guide (EMA/51938/2013 Rev 2)
 * that a message carries, each with a sentence saying what to do (decision 0232). EDQM terms
 * and the current MedDRA release are reference data the server holds: it passes them to
 * `validate` (`reference`), and without them a code is checked for its form only.
 */

/** EudraVigilance's receiver identifiers: post-authorisation, clinical trials (SUSARs), and its test system. */
export const EV_RECEIVERS = ['EVHUMAN', 'EVCTMPROD', 'EVTEST'] as const;
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** An EudraCT number (2004-2022: YYYY-NNNNNN-CC) or an EU CT number of CTIS (YYYY-5NNNNN-NN-NN). */
const EU_TRIAL_NUMBER = '^(\\d{4}-\\d{6}-\\d{2}|\\d{4}-5\\d{5}-\\d{2}-\\d{2})$';

/** Every MedDRA version element the case document holds (E.i.2.1a, D.7.1.r.1a…), read from the table's names. */
const MEDDRA_VERSIONS = [...ELEMENTS.values()]
  .filter((e) => /^MedDRA Version/i.test(e.name) && FIELD_PATHS.has(e.id))
  .map((e) => e.id);

export const EU_PROFILE: readonly Rule[] = [
  // EDQM terms for dose forms and routes, mandatory since 30 June 2022: given, and a term of
  // the EDQM list (a code such as "001", an E2B(R2) route, is not one).
  { rule: 'EU-EDQM-DOSE-FORM', target: 'G.k.4.r.9.2b', test: 'present' },
  { rule: 'EU-EDQM-ROUTE', target: 'G.k.4.r.10.2b', test: 'present' },
  { rule: 'EU-EDQM-DOSE-FORM', target: 'G.k.4.r.9.2b', test: { inList: 'edqmDoseForm' } },
  { rule: 'EU-EDQM-ROUTE', target: 'G.k.4.r.10.2b', test: { inList: 'edqmRoute' } },
  { rule: 'EU-EDQM-ROUTE', target: 'G.k.4.r.11.2b', test: { inList: 'edqmRoute' } },
  // EudraVigilance identifiers: the receiver is EudraVigilance, the sender the organisation
  // registered with it (never the UUID Vigilo writes when the receiver names no sender).
  { rule: 'EU-RECEIVER', target: 'N.1.4', test: { in: [...EV_RECEIVERS] } },
  { rule: 'EU-RECEIVER', target: 'N.2.r.3', test: { sameAs: 'N.1.4' } },
  { rule: 'EU-SENDER-ID', target: 'N.1.3', test: { notMatching: UUID }, advice: 'euSender' },
  { rule: 'EU-SENDER-ID', target: 'N.2.r.2', test: { sameAs: 'N.1.3' } },
  // MedDRA: EudraVigilance takes the current release and the one before it.
  ...MEDDRA_VERSIONS.map(
    (id): Rule => ({ rule: 'EU-MEDDRA-VERSION', target: id, test: { inList: 'meddraVersion' } }),
  ),
  // Clinical trials: a registration in the EU ("EU" as C.5.1.r.2) is an EudraCT or EU CT
  // number; a SUSAR sent to EudraVigilance's clinical-trial module names its EU trial.
  {
    rule: 'EU-CT-NUMBER',
    target: 'C.5.1.r.1',
    test: { matching: EU_TRIAL_NUMBER },
    when: [{ id: 'C.5.1.r.2', is: { in: ['EU'] } }],
    advice: 'euTrialNumber',
  },
  {
    rule: 'EU-CT-NUMBER',
    target: 'C.5.1.r.2',
    test: { in: ['EU'] },
    quantifier: 'some',
    when: [{ id: 'N.1.4', is: { in: ['EVCTMPROD'] } }],
    advice: 'euTrialRegistration',
  },
  // Personal data (GDPR, Regulation (EU) 2016/679): the patient by initials or masked, never
  // by name; masking hides who reporters are, not where they report from (the reporter's
  // country decides whether the case is an EEA one).
  {
    rule: 'EU-PATIENT-INITIALS',
    target: 'D.1',
    test: { notMatching: '\\p{Ll}{2,}' },
    severity: 'warning',
    advice: 'euInitials',
  },
  { rule: 'EU-MASKING', target: 'C.2.r.3', test: { notNull: ['MSK'] }, advice: 'euCountryMasked' },
  // Where the reaction occurred: given, and a country, not the European Union as a whole.
  { rule: 'EU-REACTION-COUNTRY', target: 'E.i.9', test: 'present' },
  {
    rule: 'EU-REACTION-COUNTRY',
    target: 'E.i.9',
    test: { notMatching: '^EU$' },
    advice: 'euReactionCountry',
  },
];

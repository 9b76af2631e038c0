import { describe, expect, it } from 'vitest';
import { type Condition, elementLabel, SENTENCES } from '../src/validate/messages.ts';

/**
 * Every sentence a finding can say, in English and in French, with each kind of condition,
 * written out by hand (issue 27, decision 0325): the profile tests read most of them through
 * findings, this file says each one once, edges included.
 */
const en = SENTENCES.en;
const fr = SENTENCES.fr;
const given: Condition = { label: 'A (X.1)', is: 'present' };
const notGiven: Condition = { label: 'B (X.2)', is: 'absent' };
const among: Condition = { label: 'C (X.3)', is: 'in', values: ['1', '2'] };
const leftAs: Condition = { label: 'D (X.4)', is: 'null', values: ['NI', 'UNK'] };
const noneOf: Condition = { label: 'E (X.5)', is: 'notIn', values: ['true'] };

describe('element labels', () => {
  it('name an element with its id, in English or French, and an unknown id by itself', () => {
    expect(elementLabel('C.2.r.3')).toBe('Reporter’s Country Code (C.2.r.3)');
    expect(elementLabel('C.2.r.3', 'en')).toBe('Reporter’s Country Code (C.2.r.3)');
    expect(elementLabel('C.2.r.3', 'fr')).toBe('Code pays du notificateur (C.2.r.3)');
    expect(elementLabel('Z.9', 'en')).toBe('Z.9');
    expect(elementLabel('Z.9', 'fr')).toBe('Z.9');
  });
});

describe('conditions in words', () => {
  it('says each kind of condition in English, joined by "and"', () => {
    expect(en.required('T (Y)', [given])).toBe('T (Y) is missing: it is required when A (X.1) is given.');
    expect(en.required('T (Y)', [notGiven])).toBe(
      'T (Y) is missing: it is required when B (X.2) is not given.',
    );
    expect(en.required('T (Y)', [among])).toBe(
      'T (Y) is missing: it is required when C (X.3) is "1" or "2".',
    );
    expect(en.required('T (Y)', [leftAs])).toBe(
      'T (Y) is missing: it is required when D (X.4) is left as "NI" or "UNK".',
    );
    expect(en.required('T (Y)', [noneOf])).toBe(
      'T (Y) is missing: it is required when no E (X.5) is "true".',
    );
    expect(en.required('T (Y)', [given, among])).toBe(
      'T (Y) is missing: it is required when A (X.1) is given and C (X.3) is "1" or "2".',
    );
    expect(en.required('T (Y)', [])).toBe('T (Y) is missing: it is required.');
  });

  it('says each kind of condition in French, joined by "et"', () => {
    expect(fr.required('T (Y)', [given])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque A (X.1) est renseigné.',
    );
    expect(fr.required('T (Y)', [notGiven])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque B (X.2) n’est pas renseigné.',
    );
    expect(fr.required('T (Y)', [among])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque C (X.3) vaut « 1 » ou « 2 ».',
    );
    expect(fr.required('T (Y)', [leftAs])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque D (X.4) est laissé à « NI » ou « UNK ».',
    );
    expect(fr.required('T (Y)', [noneOf])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque aucun élément E (X.5) ne vaut « true ».',
    );
    expect(fr.required('T (Y)', [notGiven, leftAs])).toBe(
      'T (Y) manque : cet élément est obligatoire lorsque B (X.2) n’est pas renseigné et D (X.4) est laissé à « NI » ou « UNK ».',
    );
    expect(fr.required('T (Y)', [])).toBe('T (Y) manque : cet élément est obligatoire.');
  });
});

describe('the sentences of rule findings', () => {
  it('in English', () => {
    expect(en.forbidden('T (Y)', [given])).toBe('T (Y) must not be given when A (X.1) is given.');
    expect(en.notNull('T (Y)', 'MSK', [given])).toBe(
      'T (Y) may not be left as "MSK" when A (X.1) is given: give a value.',
    );
    expect(en.atLeastOne('T (Y)', ['1', '3'], [given])).toBe(
      'At least one T (Y) must be "1" or "3" when A (X.1) is given.',
    );
    expect(en.notAllowed('T (Y)', '9', ['1'], [given])).toBe(
      'T (Y) is "9", but it must be "1" when A (X.1) is given.',
    );
    expect(en.firstNotAllowed('T (Y)', '9', ['1', '2'], [])).toBe(
      'T (Y) of the first entry is "9", but it must be "1" or "2".',
    );
    expect(en.mustBeNull('T (Y)', ['NA'], [given])).toBe(
      'T (Y) must be given as the null flavour "NA" when A (X.1) is given.',
    );
    expect(en.contains('T (Y)', 'IND 1', ['IND', 'PIND'], [])).toBe(
      'T (Y) "IND 1" must not contain "IND" or "PIND".',
    );
    expect(en.differs('T (Y)', 'a', 'O (Z)', 'b', [given])).toBe(
      'T (Y) is "a", but it must be the same as O (Z) ("b") when A (X.1) is given.',
    );
    expect(en.rules(['ICH-REQUIRED', 'R0009'])).toBe('(rules ICH-REQUIRED and R0009)');
  });

  it('in French', () => {
    expect(fr.forbidden('T (Y)', [given])).toBe(
      'T (Y) ne doit pas être renseigné lorsque A (X.1) est renseigné.',
    );
    expect(fr.notNull('T (Y)', 'MSK', [given])).toBe(
      'T (Y) ne peut pas rester à « MSK » lorsque A (X.1) est renseigné : indiquez une valeur.',
    );
    expect(fr.atLeastOne('T (Y)', ['1', '3'], [given])).toBe(
      'Au moins un élément T (Y) doit valoir « 1 » ou « 3 » lorsque A (X.1) est renseigné.',
    );
    expect(fr.notAllowed('T (Y)', '9', ['1'], [given])).toBe(
      'T (Y) vaut « 9 », mais doit valoir « 1 » lorsque A (X.1) est renseigné.',
    );
    expect(fr.firstNotAllowed('T (Y)', '9', ['1', '2'], [])).toBe(
      'T (Y) de la première entrée vaut « 9 », mais doit valoir « 1 » ou « 2 ».',
    );
    expect(fr.mustBeNull('T (Y)', ['NA'], [given])).toBe(
      'T (Y) doit être renseigné avec le null flavour « NA » lorsque A (X.1) est renseigné.',
    );
    expect(fr.contains('T (Y)', 'IND 1', ['IND', 'PIND'], [])).toBe(
      'T (Y) « IND 1 » ne doit pas contenir « IND » ou « PIND ».',
    );
    expect(fr.differs('T (Y)', 'a', 'O (Z)', 'b', [given])).toBe(
      'T (Y) vaut « a », mais doit être identique à O (Z) (« b ») lorsque A (X.1) est renseigné.',
    );
    expect(fr.rules(['ICH-REQUIRED', 'R0009'])).toBe('(règles ICH-REQUIRED et R0009)');
  });

  it('say each precision in words, and any other as a number of digits', () => {
    expect(en.imprecise('T (Y)', '2024', 6)).toBe(
      'T (Y) "2024" is not precise enough: give at least the month (CCYYMM).',
    );
    expect(en.imprecise('T (Y)', '2024', 8)).toBe(
      'T (Y) "2024" is not precise enough: give at least the day (CCYYMMDD).',
    );
    expect(en.imprecise('T (Y)', '2024', 14)).toBe(
      'T (Y) "2024" is not precise enough: give at least the time to the second (CCYYMMDDhhmmss).',
    );
    expect(en.imprecise('T (Y)', '2024', 10)).toBe(
      'T (Y) "2024" is not precise enough: give at least 10 digits.',
    );
    expect(fr.imprecise('T (Y)', '2024', 6)).toBe(
      'T (Y) « 2024 » n’est pas assez précis : indiquez au moins le mois (AAAAMM).',
    );
    expect(fr.imprecise('T (Y)', '2024', 8)).toBe(
      'T (Y) « 2024 » n’est pas assez précis : indiquez au moins le jour (AAAAMMJJ).',
    );
    expect(fr.imprecise('T (Y)', '2024', 14)).toBe(
      'T (Y) « 2024 » n’est pas assez précis : indiquez au moins l’heure à la seconde (AAAAMMJJhhmmss).',
    );
    expect(fr.imprecise('T (Y)', '2024', 10)).toBe(
      'T (Y) « 2024 » n’est pas assez précis : indiquez au moins 10 chiffres.',
    );
  });

  it('name each reference list and what to do, and an unknown list by its name', () => {
    expect(en.notInList('T (Y)', '001', 'edqmRoute', [])).toBe(
      'T (Y) "001" is not an EDQM route of administration term: choose the route from the EDQM list (e.g. "ROA-20053000" Oral use).',
    );
    expect(en.notInList('T (Y)', '001', 'edqmDoseForm', [given])).toBe(
      'T (Y) "001" is not an EDQM pharmaceutical dose form term when A (X.1) is given: choose the dose form from the EDQM list (e.g. "PDF-10219000" Tablet).',
    );
    expect(en.notInList('T (Y)', '20.0', 'meddraVersion', [])).toBe(
      'T (Y) "20.0" is not a MedDRA release EudraVigilance takes (the current one or the one before it): code the term again in the current release.',
    );
    expect(en.notInList('T (Y)', 'x', 'other', [])).toBe(
      'T (Y) "x" is not other: choose one from that list.',
    );
    expect(fr.notInList('T (Y)', '001', 'edqmRoute', [])).toBe(
      'T (Y) « 001 » n’est pas un terme EDQM de voie d’administration : choisissez la voie dans la liste EDQM (par ex. « ROA-20053000 » Voie orale).',
    );
    expect(fr.notInList('T (Y)', '001', 'edqmDoseForm', [given])).toBe(
      'T (Y) « 001 » n’est pas un terme EDQM de forme pharmaceutique lorsque A (X.1) est renseigné : choisissez la forme dans la liste EDQM (par ex. « PDF-10219000 » Comprimé).',
    );
    expect(fr.notInList('T (Y)', '20.0', 'meddraVersion', [])).toBe(
      'T (Y) « 20.0 » n’est pas une version de MedDRA qu’EudraVigilance accepte (la version en cours ou la précédente) : codez de nouveau le terme dans la version en cours.',
    );
    expect(fr.notInList('T (Y)', 'x', 'other', [])).toBe(
      'T (Y) « x » n’est pas other : choisissez-en un dans cette liste.',
    );
  });
});

describe('the sentences of format, date, character and file findings', () => {
  it('in English', () => {
    expect(en.tooLong('T (Y)', 60)).toBe('T (Y) is longer than the 60 characters E2B allows.');
    expect(en.empty('T (Y)')).toBe('T (Y) is empty: leave it out or give a value.');
    expect(en.badFormat('T (Y)', 'v')).toBe('T (Y) "v" is not in the expected format.');
    expect(en.unknownField('T (Y)', 'a, b')).toBe('T (Y) has a field E2B does not know: a, b.');
    expect(en.lacks('T (Y)', 'value')).toBe('T (Y) lacks value.');
    expect(en.lacks('T (Y)', undefined)).toBe('T (Y) lacks a part.');
    expect(en.badValue('T (Y)', 'v')).toBe('T (Y) "v" is not an allowed value.');
    expect(en.theCase).toBe('The case');
    expect(en.futureDate('T (Y)', '2099')).toBe('T (Y) 2099 is in the future.');
    expect(en.controlCharacter('H.narrative')).toBe(
      'H.narrative holds a control character that an E2B message cannot carry: remove it.',
    );
    expect(en.schema(12, 'Element x is not expected.')).toBe(
      'The XML does not follow the ICH schema at line 12: Element x is not expected.',
    );
    expect(en.xml('XML_TOO_LARGE', { bytes: 2, maxBytes: 1 }, 'The English sentence.')).toBe(
      'The English sentence.',
    );
  });

  it('in French', () => {
    expect(fr.tooLong('T (Y)', 60)).toBe('T (Y) dépasse les 60 caractères qu’E2B permet.');
    expect(fr.empty('T (Y)')).toBe('T (Y) est vide : retirez-le ou indiquez une valeur.');
    expect(fr.badFormat('T (Y)', 'v')).toBe('T (Y) « v » n’a pas le format attendu.');
    expect(fr.unknownField('T (Y)', 'a, b')).toBe('T (Y) contient un champ qu’E2B ne connaît pas : a, b.');
    expect(fr.lacks('T (Y)', 'value')).toBe('T (Y) : il manque value.');
    expect(fr.lacks('T (Y)', undefined)).toBe('T (Y) : il manque une partie.');
    expect(fr.badValue('T (Y)', 'v')).toBe('T (Y) « v » n’est pas une valeur autorisée.');
    expect(fr.theCase).toBe('Le cas');
    expect(fr.futureDate('T (Y)', '2099')).toBe('T (Y) : 2099 est une date future.');
    expect(fr.controlCharacter('H.narrative')).toBe(
      'H.narrative contient un caractère de contrôle qu’un message E2B ne peut pas transporter : supprimez-le.',
    );
    expect(fr.schema(12, 'Element x is not expected.')).toBe(
      'Le XML ne suit pas le schéma ICH à la ligne 12 : Element x is not expected.',
    );
  });

  it('say each refused file in French from its details, not from the English sentence', () => {
    const english = 'ignored';
    expect(fr.xml('XML_TOO_LARGE', { bytes: 20, maxBytes: 10 }, english)).toBe(
      'Le fichier fait 20 octets, au-delà des 10 octets acceptés.',
    );
    expect(fr.xml('XML_DOCTYPE_REFUSED', {}, english)).toBe(
      'Le fichier déclare un DOCTYPE ou des entités, ce que les messages E2B(R3) ne font jamais : il est refusé.',
    );
    expect(fr.xml('XML_TOO_DEEP', {}, english)).toBe(
      'Le fichier imbrique ses éléments trop profondément pour être un message E2B(R3).',
    );
    expect(
      fr.xml(
        'XML_WRONG_ROOT',
        { expected: 'R', namespace: 'urn:a', found: 'S', foundNamespace: 'urn:b' },
        english,
      ),
    ).toBe(
      'Un élément R de l’espace de noms urn:a était attendu : le fichier commence par S de l’espace de noms urn:b.',
    );
    expect(
      fr.xml(
        'XML_WRONG_ROOT',
        { expected: 'R', namespace: 'urn:a', found: 'S', foundNamespace: '' },
        english,
      ),
    ).toBe(
      'Un élément R de l’espace de noms urn:a était attendu : le fichier commence par S sans espace de noms.',
    );
    expect(fr.xml('XML_MALFORMED', { reason: 'Bad', line: 3 }, english)).toBe(
      'Le fichier n’est pas du XML bien formé : Bad (ligne 3).',
    );
    expect(fr.xml('XML_MALFORMED', { reason: 'Bad' }, english)).toBe(
      'Le fichier n’est pas du XML bien formé : Bad.',
    );
  });
});

import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { exportBatch, type Language, validate } from '../src/index.ts';
import { FIELD_PATHS } from '../src/validate/fields.ts';
import { FRENCH_NAMES, LANGUAGES } from '../src/validate/messages.ts';
import { EU_PROFILE, FDA_PROFILE, ICH_RULES } from '../src/validate/profiles.ts';
import { type Rule, sentence } from '../src/validate/rules.ts';
import { ELEMENTS } from '../src/validate/tables.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';

/** Findings are said in English and French (decision 0155): the web shows the user's language. */
const NOW = new Date('2024-06-01T00:00:00Z');
const messages = (document: CaseDocument, language: Language, profile: 'ich' | 'fda' = 'ich') =>
  validate({ batch: batchHeader, messages: [{ header: messageHeader, document }] }, profile, {
    now: NOW,
    language,
  }).cases[0]!.findings.map((f) => f.message);

const ALL_RULES: [string, readonly Rule[]][] = [
  ['ich', ICH_RULES],
  ['fda', FDA_PROFILE],
  ['eu', EU_PROFILE],
];
const sample = (rule: Rule) =>
  typeof rule.test === 'object' && 'notNull' in rule.test ? { nullFlavor: 'NI' } : 'X';

describe('finding sentences in every language', () => {
  it('every rule of every profile has a sentence in English and in French, naming its element', () => {
    const missing: string[] = [];
    for (const [profile, rules] of ALL_RULES) {
      for (const rule of rules) {
        const said = Object.fromEntries(LANGUAGES.map((l) => [l, sentence(rule, sample(rule), l)]));
        for (const language of LANGUAGES) {
          const text = said[language]!;
          if (!text.includes(`(${rule.target})`) || text.includes(';'))
            missing.push(`${profile} ${rule.rule} ${rule.target} ${language}: ${text}`);
        }
        if (said.en === said.fr) missing.push(`${profile} ${rule.rule} ${rule.target}: French = English`);
        // Each element the rule names is named in French too, not left in English.
        for (const id of [rule.target, ...(rule.when ?? []).map((c) => c.id)]) {
          if (ELEMENTS.get(id) && !FRENCH_NAMES.has(id))
            missing.push(`${rule.rule}: no French name for ${id}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every element the case document holds has a French name', () => {
    const ids = [...FIELD_PATHS.keys()].filter((id) => ELEMENTS.has(id));
    expect(ids.filter((id) => !FRENCH_NAMES.has(id))).toEqual([]);
    expect(ids.length).toBeGreaterThan(200);
  });

  it('says each kind of finding in French, with the French names of the elements', () => {
    const doc = structuredClone(handWrittenCase);
    delete doc.C.senderSafetyReportId;
    doc.C.primarySources![0]!.country = 'France';
    delete doc.G!.drugs![0]!.dosages![0]!.dose!.unit;
    doc.E!.reactions![0]!.startDate = '2024-07';
    doc.H!.narrative = 'bell \u0007 rang';
    expect(messages(doc, 'fr')).toEqual([
      'Code pays du notificateur (C.2.r.3) « France » n’a pas le format attendu.',
      'Identifiant unique du rapport de sécurité (cas) de l’émetteur (C.1.1) manque : cet élément est obligatoire.',
      'Dose (unité) (G.k.4.r.1b) manque : cet élément est obligatoire lorsque Dose (nombre) (G.k.4.r.1a) est renseigné.',
      'Date de début de la réaction / de l’événement (E.i.4) : 2024-07 est une date future.',
      'H.narrative contient un caractère de contrôle qu’un message E2B ne peut pas transporter : supprimez-le.',
    ]);
    expect(messages(doc, 'en')).toEqual([
      'Reporter’s Country Code (C.2.r.3) "France" is not in the expected format.',
      'Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
      'Dose (unit) (G.k.4.r.1b) is missing: it is required when Dose (number) (G.k.4.r.1a) is given.',
      'Date of Start of Reaction / Event (E.i.4) 2024-07 is in the future.',
      'H.narrative holds a control character that an E2B message cannot carry: remove it.',
    ]);
  });

  it('says FDA rules with values and conditions in French', () => {
    const doc = structuredClone(handWrittenCase);
    delete doc.C.documentsHeldBySender;
    // The ICH conditional rule and the FDA's R0009 say the same: one finding names both.
    expect(messages(doc, 'fr', 'fda')).toEqual([
      'Documents détenus par l’émetteur (C.1.6.1.r.1) manque : cet élément est obligatoire lorsque Des documents complémentaires sont-ils disponibles ? (C.1.6.1) vaut « true » (règles ICH-CONDITIONAL et R0009).',
    ]);
    const other = validate(
      {
        batch: batchHeader,
        messages: [{ header: { ...messageHeader, messageReceiver: 'EMA' }, document: handWrittenCase }],
      },
      'fda',
      { now: NOW, language: 'fr' },
    ).cases[0]!.findings;
    expect(other.map((f) => f.message)).toEqual([
      'Identifiant du destinataire du message (N.2.r.3) vaut « EMA », mais doit valoir « CDER » ou « CBER » lorsque Identifiant du destinataire du lot (N.1.4) vaut « ZZFDA ».',
    ]);
  });

  it('says schema and unreadable-file findings in French', () => {
    const xml = exportBatch(batchHeader, [{ header: messageHeader, document: handWrittenCase }]).replace(
      '<statusCode code="active"/>',
      '',
    );
    expect(validate(xml, 'ich', { language: 'fr' }).findings[0]!.message).toMatch(
      /^Le XML ne suit pas le schéma ICH à la ligne \d+ : .*statusCode/,
    );
    expect(validate('not xml', 'ich', { language: 'fr' }).findings[0]!.message).toMatch(
      /^Le fichier n’est pas du XML bien formé : .+ \(ligne 1\)\.$/,
    );
    expect(validate('<x xmlns="urn:example"/>', 'ich', { language: 'fr' }).findings[0]!.message).toBe(
      'Un élément MCCI_IN200100UV01 de l’espace de noms urn:hl7-org:v3 était attendu : le fichier commence par x de l’espace de noms urn:example.',
    );
    expect(
      validate(`<a>${'x'.repeat(100)}</a>`, 'ich', { language: 'fr', maxBytes: 50 }).findings[0]!.message,
    ).toBe('Le fichier fait 107 octets, au-delà des 50 octets acceptés.');
    expect(
      validate('<!DOCTYPE a [<!ENTITY x "y">]><a/>', 'ich', { language: 'fr' }).findings[0]!.message,
    ).toBe(
      'Le fichier déclare un DOCTYPE ou des entités, ce que les messages E2B(R3) ne font jamais : il est refusé.',
    );
  });
});

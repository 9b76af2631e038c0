import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../csv.ts';
import type { XmlProblemCode } from '../xml/parse.ts';
import { ELEMENTS } from './tables.ts';

/**
 * The sentences of validation findings, in every language Vigilo writes (decision 0155).
 * English is the default and the language of acknowledgements sent to receivers; the server
 * asks for the case processor's language. No sentence contains ";": receivers' machines split
 * ACK.B.r.7 on it (decision 0043).
 */
export type Language = 'en' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** Names of the data elements in French (`e2b/data/element-names-fr.csv`); English comes from the FDA table. */
export const FRENCH_NAMES: ReadonlyMap<string, string> = (() => {
  const rows = parseCsv(
    readFileSync(join(import.meta.dirname, '..', '..', 'data', 'element-names-fr.csv'), 'utf8'),
  );
  return new Map(
    rows
      .slice(1)
      .filter((r) => r[0]?.trim())
      .map((r) => [r[0]!.trim(), r[1]!.trim()]),
  );
})();

/** "Reporter’s Country Code (C.2.r.3)": how a finding names an element to a person. */
export function elementLabel(id: string, language: Language = 'en'): string {
  const name = language === 'fr' ? (FRENCH_NAMES.get(id) ?? ELEMENTS.get(id)?.name) : ELEMENTS.get(id)?.name;
  return name ? `${name} (${id})` : id;
}

/** A condition of a rule, in words: `is given`, `is not given`, `is "1" or "2"`. */
export type Condition = { label: string } & (
  | { is: 'present' }
  | { is: 'absent' }
  | { is: 'in'; values: string[] }
  | { is: 'null'; values: string[] }
  | { is: 'notIn'; values: string[] }
);

/** What each kind of finding says, given its values; one implementation per language. */
export interface Sentences {
  required(label: string, when: Condition[]): string;
  forbidden(label: string, when: Condition[]): string;
  notNull(label: string, nullFlavor: string, when: Condition[]): string;
  atLeastOne(label: string, values: string[], when: Condition[]): string;
  notAllowed(label: string, found: string, values: string[], when: Condition[]): string;
  firstNotAllowed(label: string, found: string, values: string[], when: Condition[]): string;
  mustBeNull(label: string, nullFlavours: string[], when: Condition[]): string;
  contains(label: string, found: string, words: string[], when: Condition[]): string;
  differs(label: string, found: string, otherLabel: string, other: string, when: Condition[]): string;
  imprecise(label: string, found: string, digits: number): string;
  notInList(label: string, found: string, list: string, when: Condition[]): string;
  /** The rules one merged finding stands for. */
  rules(ids: string[]): string;
  tooLong(label: string, limit: number): string;
  empty(label: string): string;
  badFormat(label: string, value: string): string;
  unknownField(label: string, fields: string): string;
  lacks(label: string, parts: string | undefined): string;
  badValue(label: string, value: string): string;
  /** The case as a whole, when a format finding concerns no one field. */
  theCase: string;
  futureDate(label: string, value: string): string;
  controlCharacter(path: string): string;
  schema(line: number, detail: string): string;
  xml(code: XmlProblemCode, details: Readonly<Record<string, string | number>>, english: string): string;
}

const quoteEn = (values: string[]) => values.map((v) => `"${v}"`).join(' or ');
const quoteFr = (values: string[]) => values.map((v) => `« ${v} »`).join(' ou ');

const whenEn = (when: Condition[]) =>
  when.length === 0
    ? ''
    : ` when ${when
        .map((c) =>
          c.is === 'present'
            ? `${c.label} is given`
            : c.is === 'absent'
              ? `${c.label} is not given`
              : c.is === 'null'
                ? `${c.label} is left as ${quoteEn(c.values)}`
                : c.is === 'notIn'
                  ? `no ${c.label} is ${quoteEn(c.values)}`
                  : `${c.label} is ${quoteEn(c.values)}`,
        )
        .join(' and ')}`;

const whenFr = (when: Condition[]) =>
  when.length === 0
    ? ''
    : ` lorsque ${when
        .map((c) =>
          c.is === 'present'
            ? `${c.label} est renseigné`
            : c.is === 'absent'
              ? `${c.label} n’est pas renseigné`
              : c.is === 'null'
                ? `${c.label} est laissé à ${quoteFr(c.values)}`
                : c.is === 'notIn'
                  ? `aucun élément ${c.label} ne vaut ${quoteFr(c.values)}`
                  : `${c.label} vaut ${quoteFr(c.values)}`,
        )
        .join(' et ')}`;

const PRECISION_EN: Record<number, string> = {
  6: 'the month (CCYYMM)',
  8: 'the day (CCYYMMDD)',
  14: 'the time to the second (CCYYMMDDhhmmss)',
};
const PRECISION_FR: Record<number, string> = {
  6: 'le mois (AAAAMM)',
  8: 'le jour (AAAAMMJJ)',
  14: 'l’heure à la seconde (AAAAMMJJhhmmss)',
};
/** The lists rules compare with (`inList`): what a code must be, and what to do. */
const LISTS_EN: Record<string, [string, string]> = {
  edqmRoute: [
    'an EDQM route of administration term',
    'choose the route from the EDQM list (e.g. "ROA-20053000" Oral use)',
  ],
  edqmDoseForm: [
    'an EDQM pharmaceutical dose form term',
    'choose the dose form from the EDQM list (e.g. "PDF-10219000" Tablet)',
  ],
  meddraVersion: [
    'a MedDRA release EudraVigilance takes (the current one or the one before it)',
    'code the term again in the current release',
  ],
};
const LISTS_FR: Record<string, [string, string]> = {
  edqmRoute: [
    'un terme EDQM de voie d’administration',
    'choisissez la voie dans la liste EDQM (par ex. « ROA-20053000 » Voie orale)',
  ],
  edqmDoseForm: [
    'un terme EDQM de forme pharmaceutique',
    'choisissez la forme dans la liste EDQM (par ex. « PDF-10219000 » Comprimé)',
  ],
  meddraVersion: [
    'une version de MedDRA qu’EudraVigilance accepte (la version en cours ou la précédente)',
    'codez de nouveau le terme dans la version en cours',
  ],
};

const english: Sentences = {
  required: (label, when) => `${label} is missing: it is required${whenEn(when)}.`,
  forbidden: (label, when) => `${label} must not be given${whenEn(when)}.`,
  notNull: (label, nf, when) => `${label} may not be left as "${nf}"${whenEn(when)}: give a value.`,
  atLeastOne: (label, values, when) => `At least one ${label} must be ${quoteEn(values)}${whenEn(when)}.`,
  notAllowed: (label, found, values, when) =>
    `${label} is "${found}", but it must be ${quoteEn(values)}${whenEn(when)}.`,
  firstNotAllowed: (label, found, values, when) =>
    `${label} of the first entry is "${found}", but it must be ${quoteEn(values)}${whenEn(when)}.`,
  mustBeNull: (label, nfs, when) =>
    `${label} must be given as the null flavour ${quoteEn(nfs)}${whenEn(when)}.`,
  contains: (label, found, words, when) =>
    `${label} "${found}" must not contain ${quoteEn(words)}${whenEn(when)}.`,
  differs: (label, found, otherLabel, other, when) =>
    `${label} is "${found}", but it must be the same as ${otherLabel} ("${other}")${whenEn(when)}.`,
  imprecise: (label, found, digits) =>
    `${label} "${found}" is not precise enough: give at least ${PRECISION_EN[digits] ?? `${digits} digits`}.`,
  notInList: (label, found, list, when) =>
    `${label} "${found}" is not ${LISTS_EN[list]?.[0] ?? list}${whenEn(when)}: ${LISTS_EN[list]?.[1] ?? 'choose one from that list'}.`,
  rules: (ids) => `(rules ${ids.join(' and ')})`,
  tooLong: (label, limit) => `${label} is longer than the ${limit} characters E2B allows.`,
  empty: (label) => `${label} is empty: leave it out or give a value.`,
  badFormat: (label, value) => `${label} "${value}" is not in the expected format.`,
  unknownField: (label, fields) => `${label} has a field E2B does not know: ${fields}.`,
  lacks: (label, parts) => `${label} lacks ${parts ?? 'a part'}.`,
  badValue: (label, value) => `${label} "${value}" is not an allowed value.`,
  theCase: 'The case',
  futureDate: (label, value) => `${label} ${value} is in the future.`,
  controlCharacter: (path) =>
    `${path} holds a control character that an E2B message cannot carry: remove it.`,
  schema: (line, detail) => `The XML does not follow the ICH schema at line ${line}: ${detail}`,
  xml: (_code, _details, message) => message,
};

const french: Sentences = {
  required: (label, when) => `${label} manque : cet élément est obligatoire${whenFr(when)}.`,
  forbidden: (label, when) => `${label} ne doit pas être renseigné${whenFr(when)}.`,
  notNull: (label, nf, when) =>
    `${label} ne peut pas rester à « ${nf} »${whenFr(when)} : indiquez une valeur.`,
  atLeastOne: (label, values, when) =>
    `Au moins un élément ${label} doit valoir ${quoteFr(values)}${whenFr(when)}.`,
  notAllowed: (label, found, values, when) =>
    `${label} vaut « ${found} », mais doit valoir ${quoteFr(values)}${whenFr(when)}.`,
  firstNotAllowed: (label, found, values, when) =>
    `${label} de la première entrée vaut « ${found} », mais doit valoir ${quoteFr(values)}${whenFr(when)}.`,
  mustBeNull: (label, nfs, when) =>
    `${label} doit être renseigné avec le null flavour ${quoteFr(nfs)}${whenFr(when)}.`,
  contains: (label, found, words, when) =>
    `${label} « ${found} » ne doit pas contenir ${quoteFr(words)}${whenFr(when)}.`,
  differs: (label, found, otherLabel, other, when) =>
    `${label} vaut « ${found} », mais doit être identique à ${otherLabel} (« ${other} »)${whenFr(when)}.`,
  imprecise: (label, found, digits) =>
    `${label} « ${found} » n’est pas assez précis : indiquez au moins ${PRECISION_FR[digits] ?? `${digits} chiffres`}.`,
  notInList: (label, found, list, when) =>
    `${label} « ${found} » n’est pas ${LISTS_FR[list]?.[0] ?? list}${whenFr(when)} : ${LISTS_FR[list]?.[1] ?? 'choisissez-en un dans cette liste'}.`,
  rules: (ids) => `(règles ${ids.join(' et ')})`,
  tooLong: (label, limit) => `${label} dépasse les ${limit} caractères qu’E2B permet.`,
  empty: (label) => `${label} est vide : retirez-le ou indiquez une valeur.`,
  badFormat: (label, value) => `${label} « ${value} » n’a pas le format attendu.`,
  unknownField: (label, fields) => `${label} contient un champ qu’E2B ne connaît pas : ${fields}.`,
  lacks: (label, parts) => `${label} : il manque ${parts ?? 'une partie'}.`,
  badValue: (label, value) => `${label} « ${value} » n’est pas une valeur autorisée.`,
  theCase: 'Le cas',
  futureDate: (label, value) => `${label} : ${value} est une date future.`,
  controlCharacter: (path) =>
    `${path} contient un caractère de contrôle qu’un message E2B ne peut pas transporter : supprimez-le.`,
  schema: (line, detail) => `Le XML ne suit pas le schéma ICH à la ligne ${line} : ${detail}`,
  xml: (code, d) => {
    switch (code) {
      case 'XML_TOO_LARGE':
        return `Le fichier fait ${d.bytes} octets, au-delà des ${d.maxBytes} octets acceptés.`;
      case 'XML_DOCTYPE_REFUSED':
        return 'Le fichier déclare un DOCTYPE ou des entités, ce que les messages E2B(R3) ne font jamais : il est refusé.';
      case 'XML_TOO_DEEP':
        return 'Le fichier imbrique ses éléments trop profondément pour être un message E2B(R3).';
      case 'XML_WRONG_ROOT':
        return `Un élément ${d.expected} de l’espace de noms ${d.namespace} était attendu : le fichier commence par ${d.found}${d.foundNamespace ? ` de l’espace de noms ${d.foundNamespace}` : ' sans espace de noms'}.`;
      case 'XML_MALFORMED':
        return `Le fichier n’est pas du XML bien formé : ${d.reason}${d.line ? ` (ligne ${d.line})` : ''}.`;
    }
  },
};

export const SENTENCES: Readonly<Record<Language, Sentences>> = { en: english, fr: french };

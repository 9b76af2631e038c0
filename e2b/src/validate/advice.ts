import type { Language } from './messages.ts';

/**
 * Findings that say what to do, for rules whose generic sentence ("… must not be given")
 * would send the user the wrong way: an IND number on a case addressed to FDA's postmarket
 * route is a routing mistake, not a number to delete (issue 26). Each sentence gets the
 * element's label (with its id) and the value found; none contains ";" (decision 0043).
 */
type Advice = (label: string, found: string) => string;

export type AdviceKey =
  | 'premarketIndNumber'
  | 'premarketPreAnda'
  | 'premarketCrossReported'
  | 'approvedSender'
  | 'premarketDeathDate'
  | 'euSender'
  | 'euTrialNumber'
  | 'euTrialRegistration'
  | 'euInitials'
  | 'euCountryMasked'
  | 'euReactionCountry';

const english: Record<AdviceKey, Advice> = {
  premarketIndNumber: (label) =>
    `${label} is given, so this is a premarket (IND) safety report, but it is addressed to FDA's postmarket route (N.1.4 "ZZFDA"): set the receiver's FDA route to "From the case" or "Premarket" so that it goes to "ZZFDA_PREMKT" with "CDER_IND" or "CBER_IND". Remove the number only if the case is not from the IND.`,
  premarketPreAnda: (label) =>
    `${label} is given, so this is a report from an IND-exempt BA/BE study, but it is addressed to FDA's postmarket route (N.1.4 "ZZFDA"): set the receiver's FDA route to "From the case" or "Premarket" so that it goes to "ZZFDA_PREMKT" with "CDER_IND_EXEMPT_BA_BE". Remove the number only if the case is not from that study.`,
  premarketCrossReported: (label) =>
    `${label} is given, and cross-reported IND numbers belong to premarket reports, but this one is addressed to FDA's postmarket route (N.1.4 "ZZFDA"): set the receiver's FDA route to "From the case" or "Premarket". Remove the numbers only if the case is postmarket.`,
  approvedSender: (label, found) =>
    `${label} is "${found}", Vigilo's own identifier of your organisation, which FDA does not know: enter the sender identifier FDA approved for you as the batch sender of the FDA receiver (Receivers).`,
  premarketDeathDate: (label) =>
    `${label} is missing: a premarket (IND) report of a reaction that resulted in death needs the date of death. Give it, or "unknown" if it is not known.`,
  euSender: (label, found) =>
    `${label} is "${found}", Vigilo's own identifier of your organisation, which EudraVigilance does not know: enter your organisation's EudraVigilance identifier as the batch sender of the EU receiver (Receivers).`,
  euTrialNumber: (label, found) =>
    `${label} "${found}" is registered in the EU ("EU" as its country) but is not an EudraCT number (YYYY-NNNNNN-CC) or an EU CT number (YYYY-5NNNNN-NN-NN): give the trial's EU number, or the country of the registry that gave this one.`,
  euTrialRegistration: (label) =>
    `${label}: a report from a clinical trial sent to EudraVigilance's clinical-trial module names its EU trial: add the EudraCT or EU CT number with the country "EU".`,
  euInitials: (label, found) =>
    `${label} "${found}" looks like a name: under the GDPR, EudraVigilance takes the patient's initials, or "masked" (MSK). Enter the initials only.`,
  euCountryMasked: (label) =>
    `${label} is masked, but the reporter's country decides whether the case is an EEA one: give the country, and mask only the name, address and contact details.`,
  euReactionCountry: (label) =>
    `${label} is "EU", the European Union as a whole: give the country where the reaction occurred (for example "FR").`,
};

const french: Record<AdviceKey, Advice> = {
  premarketIndNumber: (label) =>
    `${label} est renseigné : il s’agit donc d’un rapport de sécurité pré-commercialisation (IND), mais il est adressé à la voie post-commercialisation de la FDA (N.1.4 « ZZFDA ») : réglez la voie FDA du destinataire sur « Selon le cas » ou « Pré-commercialisation » pour qu’il parte vers « ZZFDA_PREMKT » avec « CDER_IND » ou « CBER_IND ». Ne retirez le numéro que si le cas ne vient pas de l’IND.`,
  premarketPreAnda: (label) =>
    `${label} est renseigné : il s’agit donc d’un rapport d’une étude BA/BE exemptée d’IND, mais il est adressé à la voie post-commercialisation de la FDA (N.1.4 « ZZFDA ») : réglez la voie FDA du destinataire sur « Selon le cas » ou « Pré-commercialisation » pour qu’il parte vers « ZZFDA_PREMKT » avec « CDER_IND_EXEMPT_BA_BE ». Ne retirez le numéro que si le cas ne vient pas de cette étude.`,
  premarketCrossReported: (label) =>
    `${label} est renseigné, et les numéros d’IND déclarés en parallèle relèvent des rapports pré-commercialisation, mais celui-ci est adressé à la voie post-commercialisation de la FDA (N.1.4 « ZZFDA ») : réglez la voie FDA du destinataire sur « Selon le cas » ou « Pré-commercialisation ». Ne retirez les numéros que si le cas est post-commercialisation.`,
  approvedSender: (label, found) =>
    `${label} vaut « ${found} », l’identifiant interne de votre organisation dans Vigilo, que la FDA ne connaît pas : saisissez l’identifiant d’expéditeur que la FDA vous a attribué comme expéditeur du lot du destinataire FDA (Destinataires).`,
  premarketDeathDate: (label) =>
    `${label} manque : un rapport pré-commercialisation (IND) d’une réaction ayant entraîné le décès doit donner la date du décès. Indiquez-la, ou « inconnue » si elle n’est pas connue.`,
  euSender: (label, found) =>
    `${label} vaut « ${found} », l’identifiant interne de votre organisation dans Vigilo, qu’EudraVigilance ne connaît pas : saisissez l’identifiant EudraVigilance de votre organisation comme expéditeur du lot du destinataire UE (Destinataires).`,
  euTrialNumber: (label, found) =>
    `${label} « ${found} » est enregistré dans l’UE (pays « EU ») mais n’est ni un numéro EudraCT (AAAA-NNNNNN-CC) ni un numéro EU CT (AAAA-5NNNNN-NN-NN) : indiquez le numéro UE de l’essai, ou le pays du registre qui a attribué celui-ci.`,
  euTrialRegistration: (label) =>
    `${label} : un rapport d’essai clinique envoyé au module essais cliniques d’EudraVigilance désigne son essai UE : ajoutez le numéro EudraCT ou EU CT avec le pays « EU ».`,
  euInitials: (label, found) =>
    `${label} « ${found} » ressemble à un nom : au titre du RGPD, EudraVigilance reçoit les initiales du patient, ou « masqué » (MSK). Saisissez les initiales seulement.`,
  euCountryMasked: (label) =>
    `${label} est masqué, mais le pays du notificateur détermine si le cas relève de l’EEE : indiquez le pays, et ne masquez que le nom, l’adresse et les coordonnées.`,
  euReactionCountry: (label) =>
    `${label} vaut « EU », l’Union européenne dans son ensemble : indiquez le pays où la réaction est survenue (par exemple « FR »).`,
};

export const ADVICE: Readonly<Record<Language, Record<AdviceKey, Advice>>> = { en: english, fr: french };

import type { LocalisedEmail } from '../../platform/language.ts';

/** To the new address: confirm it (decision 0025), in the account's language. */
export const emailChangeConfirmation: LocalisedEmail<{ link: string }> = {
  en: ({ link }) => ({
    subject: 'Confirm your new Vigilo sign-in email',
    text: [
      'This address was given as the new sign-in email of a Vigilo account.',
      `To confirm it, open this link within 24 hours: ${link}`,
      'If you do not expect this, ignore this email: nothing changes.',
    ].join('\n\n'),
  }),
  fr: ({ link }) => ({
    subject: 'Confirmez votre nouvelle adresse de connexion Vigilo',
    text: [
      'Cette adresse a été indiquée comme nouvelle adresse de connexion d’un compte Vigilo.',
      `Pour la confirmer, ouvrez ce lien dans les 24 heures : ${link}`,
      'Si vous ne vous y attendiez pas, ignorez ce message : rien ne change.',
    ].join('\n\n'),
  }),
};

/** To the old address: the change is on its way. */
export const emailChangeNotice: LocalisedEmail<{ email: string }> = {
  en: ({ email }) => ({
    subject: 'Your Vigilo sign-in email is about to change',
    text: [
      `The sign-in email of your Vigilo account is being changed to ${email}.`,
      'It changes only once that address confirms it. If you did not expect this, contact your administrator.',
    ].join('\n\n'),
  }),
  fr: ({ email }) => ({
    subject: 'Votre adresse de connexion Vigilo va changer',
    text: [
      `L’adresse de connexion de votre compte Vigilo est en cours de remplacement par ${email}.`,
      'Elle ne change qu’une fois confirmée depuis cette adresse. Si vous ne vous y attendiez pas, contactez votre administrateur.',
    ].join('\n\n'),
  }),
};

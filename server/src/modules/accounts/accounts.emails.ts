import type { LocalisedEmail } from '../../platform/language.ts';

/** Proving the address of an account request, in the language the request was made in. */
export const accountRequestEmail: LocalisedEmail<{ organisation: string; link: string }> = {
  en: ({ organisation, link }) => ({
    subject: 'Confirm your email to send your Vigilo account request',
    text: [
      `Someone asked for a Vigilo account with ${organisation} using this address.`,
      `To confirm the address and send the request to the organisation's administrators, open this link within 24 hours: ${link}`,
      'If it was not you, ignore this email: nothing is sent.',
    ].join('\n\n'),
  }),
  fr: ({ organisation, link }) => ({
    subject: 'Confirmez votre adresse pour envoyer votre demande de compte Vigilo',
    text: [
      `Quelqu’un a demandé un compte Vigilo auprès de ${organisation} avec cette adresse.`,
      `Pour confirmer l’adresse et transmettre la demande aux administrateurs de l’organisation, ouvrez ce lien dans les 24 heures : ${link}`,
      'Si ce n’était pas vous, ignorez ce message : rien n’est envoyé.',
    ].join('\n\n'),
  }),
};

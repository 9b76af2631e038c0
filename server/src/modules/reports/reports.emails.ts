import type { LocalisedEmail } from '../../platform/language.ts';

/** To the reporter, once the report is sent: its reference, to quote on the phone (decision 0077). */
export const reportReceived: LocalisedEmail<{ reference: string }> = {
  en: ({ reference }) => ({
    subject: `We have received your report ${reference}`,
    text: [
      'Thank you for reporting a suspected side effect. Your report has reached the safety team.',
      `Your reference is ${reference}. Quote it if you call or write to us about this report.`,
      'You do not need to do anything else. We may contact you if we need more information.',
    ].join('\n\n'),
  }),
  fr: ({ reference }) => ({
    subject: `Nous avons bien reçu votre déclaration ${reference}`,
    text: [
      'Merci d’avoir déclaré un effet indésirable suspecté. Votre déclaration est parvenue à l’équipe de vigilance.',
      `Votre référence est ${reference}. Rappelez-la si vous nous appelez ou nous écrivez au sujet de cette déclaration.`,
      'Vous n’avez rien d’autre à faire. Nous pourrons vous contacter si nous avons besoin de précisions.',
    ].join('\n\n'),
  }),
};

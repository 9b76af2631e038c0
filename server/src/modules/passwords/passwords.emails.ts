import type { LocalisedEmail } from '../../platform/language.ts';

/** The password-reset link, in the account's language. */
export const resetEmail: LocalisedEmail<{ link: string }> = {
  en: ({ link }) => ({
    subject: 'Reset your Vigilo password',
    text: [
      'Someone asked to reset the password of your Vigilo account.',
      `To choose a new password, open this link within one hour: ${link}`,
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n\n'),
    html: `<p>Someone asked to reset the password of your Vigilo account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
  }),
  fr: ({ link }) => ({
    subject: 'Réinitialisez votre mot de passe Vigilo',
    text: [
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Vigilo.',
      `Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure : ${link}`,
      'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.',
    ].join('\n\n'),
    html: `<p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Vigilo.</p><p><a href="${link}">Choisir un nouveau mot de passe</a> (le lien ne sert qu’une fois, dans l’heure).</p><p>Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.</p>`,
  }),
};

import type { LocalisedEmail } from '../../platform/language.ts';

/** An approved account request: the new account's language, as the requester chose it. */
export const accountReadyEmail: LocalisedEmail<{ organisation: string; signInUrl: string }> = {
  en: ({ organisation, signInUrl }) => ({
    subject: 'Your Vigilo account is ready',
    text: `Your request for an account with ${organisation} was approved. Sign in at ${signInUrl}`,
  }),
  fr: ({ organisation, signInUrl }) => ({
    subject: 'Votre compte Vigilo est prêt',
    text: `Votre demande de compte auprès de ${organisation} a été acceptée. Connectez-vous sur ${signInUrl}`,
  }),
};

/** A declined request, with the administrator's message as written. */
export const requestDeclinedEmail: LocalisedEmail<{ organisation: string; message: string }> = {
  en: ({ organisation, message }) => ({
    subject: 'Your Vigilo request was declined',
    text: `${organisation} declined your request.\n\n${message}`,
  }),
  fr: ({ organisation, message }) => ({
    subject: 'Votre demande Vigilo a été refusée',
    text: `${organisation} a refusé votre demande.\n\n${message}`,
  }),
};

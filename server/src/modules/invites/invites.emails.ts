import type { LocalisedEmail } from '../../platform/language.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface InviteValues {
  inviter: string;
  organisation: string;
  link: string;
  days: number;
}

/** The invitation, in the inviter's language (the invitee has no account to say theirs). */
export const inviteEmail: LocalisedEmail<InviteValues> = {
  en: ({ inviter, organisation, link, days }) => ({
    subject: `You are invited to join ${organisation} on Vigilo`,
    text: [
      'Hello,',
      '',
      `${inviter} invites you to join ${organisation} on Vigilo.`,
      `Open this link to accept and choose your password (it works once, for ${days} days):`,
      '',
      link,
      '',
      'If you did not expect this invitation, you can ignore this email.',
    ].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(inviter)} invites you to join <strong>${escapeHtml(organisation)}</strong> on Vigilo.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, for ${days} days).</p><p>If you did not expect this invitation, you can ignore this email.</p>`,
  }),
  fr: ({ inviter, organisation, link, days }) => ({
    subject: `Vous êtes invité à rejoindre ${organisation} sur Vigilo`,
    text: [
      'Bonjour,',
      '',
      `${inviter} vous invite à rejoindre ${organisation} sur Vigilo.`,
      `Ouvrez ce lien pour accepter et choisir votre mot de passe (il ne sert qu’une fois, pendant ${days} jours) :`,
      '',
      link,
      '',
      'Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce message.',
    ].join('\n'),
    html: `<p>Bonjour,</p><p>${escapeHtml(inviter)} vous invite à rejoindre <strong>${escapeHtml(organisation)}</strong> sur Vigilo.</p><p><a href="${escapeHtml(link)}">Accepter l’invitation</a> (le lien ne sert qu’une fois, pendant ${days} jours).</p><p>Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce message.</p>`,
  }),
};

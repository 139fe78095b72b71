import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import type { AppContext } from '../../context';
import { onboardingMail, type SignInKind } from '../../mail/onboarding-mail';
import { encodeUid } from '../../security/user-tokens';
import { passwordLinkOf } from '../password-reset/password-reset.service';
import { createUserRepo } from '../user/user.repo';
import { htmlToText, renderTemplate } from '../venue-setup/email-render';
import { balanceOf, userPartiesAt, venueDates, venueMoney } from '../venue-setup/email-values';
import type { VenueRow } from '../venue/venue.repo';
import type { Recipient } from './recipients.repo';

/** What a run sends: a template's or a written text (kept with the run), or the built-in onboarding text. */
export type RunMessage =
  | { builtin: 'onboarding' }
  | { builtin: null; template: number | null; subject: string; body_html: string; language: Language | null };

export interface ComposedMail {
  subject: string;
  text: string;
  language: Language;
}

/**
 * The message as one recipient gets it: placeholders filled with their name, the show's name
 * and dates, their balance and their sign-in link. `personal: false` (a preview shown to the
 * admin) leaves the secret part of a set-password link out.
 */
export async function composeMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'userTokens'>,
  venue: VenueRow,
  message: RunMessage,
  recipient: Recipient,
  { personal }: { personal: boolean },
): Promise<ComposedMail> {
  const user = recipient.user === null ? undefined : await createUserRepo(ctx.db).findById(recipient.user);
  let signIn: SignInKind = 'register';
  let link = `${ctx.config.publicUrl}/registration`;
  if (user && user.passwordHash === null) {
    signIn = 'set_password';
    link = personal
      ? passwordLinkOf(ctx, user)
      : `${ctx.config.publicUrl}/passwordReset?uid=${encodeUid(user.id)}&token=…`;
  } else if (user) {
    signIn = 'sign_in';
    // A rider's link lands on the rider's auth redirect: signed in already, straight to
    // their pages; else the login, and their pages after it.
    link = `${ctx.config.publicUrl}${user.roles.includes('rider') ? '/rider/authRedirect' : '/login'}`;
  }
  const own = isLanguage(user?.language) ? user.language : recipient.language;

  if (message.builtin === 'onboarding') {
    const language = own ?? DEFAULT_LANGUAGE;
    const mail = onboardingMail(language, {
      name: [recipient.first_name, recipient.last_name].filter(Boolean).join(' ') || recipient.email,
      email: recipient.email,
      show: venue.name,
      dates: venueDates(venue),
      signIn,
      link,
      validitySeconds: ctx.config.passwordResetTtlSeconds,
    });
    return { ...mail, language };
  }

  const parties = user
    ? await userPartiesAt(ctx.db, user.id, venue.id)
    : recipient.party
      ? [{ venueId: venue.id, ...recipient.party }]
      : [];
  const { subject, html } = renderTemplate(
    { subject: message.subject, bodyHtml: message.body_html },
    {
      first_name: recipient.first_name,
      last_name: recipient.last_name,
      venue_name: venue.name,
      venue_dates: venueDates(venue),
      balance: venueMoney(await balanceOf(ctx.db, parties), venue),
      login_url: link,
    },
  );
  // A template is in its own language; a text written for the run in the recipient's.
  return { subject, text: htmlToText(html), language: message.language ?? own ?? DEFAULT_LANGUAGE };
}

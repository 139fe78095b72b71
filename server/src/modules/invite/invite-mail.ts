import { DEFAULT_LANGUAGE, PRODUCT_NAME, isLanguage, type Language } from '@shared/constants';
import type { InvitePurpose } from '@shared/schemas/owner';

/**
 * Invitation e-mails (team membership, attendee accreditation) in the inviter's language.
 * `{name}` greets the invitee, `{owner}` is who invites, `{venue}` the show, `{days}` how long
 * the link works.
 */
interface Template {
  hello: string;
  subject: Record<InvitePurpose, string>;
  intro: Record<InvitePurpose, string>;
  outro: string;
}

const T: Record<Language, Template> = {
  en: {
    hello: 'Hello {name},',
    subject: { team_member: 'Join the team of {owner}', attendee: 'Your accreditation for {venue}' },
    intro: {
      team_member: '{owner} invites you to their team at {venue}. Open this link, sign in or register, and join:',
      attendee: 'you are accredited for {venue}. Open this link, sign in or register, and link it to your account:',
    },
    outro:
      'The link works once and is valid for {days} days. If you did not expect this invitation, ignore this e-mail.',
  },
  de: {
    hello: 'Hallo {name},',
    subject: { team_member: 'Treten Sie dem Team von {owner} bei', attendee: 'Ihre Akkreditierung für {venue}' },
    intro: {
      team_member:
        '{owner} lädt Sie in das Team bei {venue} ein. Öffnen Sie diesen Link, melden Sie sich an oder registrieren Sie sich und treten Sie bei:',
      attendee:
        'Sie sind für {venue} akkreditiert. Öffnen Sie diesen Link, melden Sie sich an oder registrieren Sie sich und verknüpfen Sie die Akkreditierung mit Ihrem Konto:',
    },
    outro:
      'Der Link ist einmal verwendbar und {days} Tage gültig. Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
  },
  pl: {
    hello: 'Dzień dobry {name},',
    subject: { team_member: 'Dołącz do zespołu {owner}', attendee: 'Twoja akredytacja na {venue}' },
    intro: {
      team_member:
        '{owner} zaprasza Cię do swojego zespołu na zawodach {venue}. Otwórz ten link, zaloguj się lub zarejestruj i dołącz:',
      attendee:
        'masz akredytację na zawody {venue}. Otwórz ten link, zaloguj się lub zarejestruj i połącz ją ze swoim kontem:',
    },
    outro:
      'Link działa jeden raz i jest ważny przez {days} dni. Jeśli nie oczekiwałeś tego zaproszenia, zignoruj tę wiadomość.',
  },
  fr: {
    hello: 'Bonjour {name},',
    subject: { team_member: "Rejoignez l'équipe de {owner}", attendee: 'Votre accréditation pour {venue}' },
    intro: {
      team_member:
        '{owner} vous invite dans son équipe à {venue}. Ouvrez ce lien, connectez-vous ou inscrivez-vous, puis rejoignez l’équipe :',
      attendee:
        'vous êtes accrédité pour {venue}. Ouvrez ce lien, connectez-vous ou inscrivez-vous, puis liez l’accréditation à votre compte :',
    },
    outro:
      "Le lien ne fonctionne qu'une fois et reste valable {days} jours. Si vous n'attendiez pas cette invitation, ignorez cet e-mail.",
  },
  it: {
    hello: 'Buongiorno {name},',
    subject: { team_member: 'Unisciti al team di {owner}', attendee: 'Il tuo accredito per {venue}' },
    intro: {
      team_member:
        '{owner} ti invita nel suo team a {venue}. Apri questo link, accedi o registrati e unisciti al team:',
      attendee:
        'sei accreditato per {venue}. Apri questo link, accedi o registrati e collega l’accredito al tuo account:',
    },
    outro:
      'Il link funziona una sola volta ed è valido per {days} giorni. Se non aspettavi questo invito, ignora questa e-mail.',
  },
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : match));

export interface InviteMailVars {
  name: string;
  owner: string;
  venue: string;
  days: number;
  link: string;
}

export function renderInviteMail(purpose: InvitePurpose, language: string, vars: InviteMailVars) {
  const t = T[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  const values = { name: vars.name, owner: vars.owner, venue: vars.venue, days: vars.days };
  const text = [
    fill(t.hello, values),
    '',
    fill(t.intro[purpose], values),
    '',
    vars.link,
    '',
    fill(t.outro, values),
    '',
    `— ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  return { subject: `${PRODUCT_NAME}: ${fill(t.subject[purpose], values)}`, text };
}

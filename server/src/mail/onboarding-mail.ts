import { DEFAULT_LANGUAGE, PRODUCT_NAME, isLanguage, type Language } from '@shared/constants';

/**
 * The built-in onboarding e-mail, in the recipient's language, for a venue
 * without an onboarding template of its own: what the show's account is for, how to sign in (or
 * choose a password first, or register) and where to find the show afterwards.
 */
export type SignInKind = 'set_password' | 'sign_in' | 'register';

interface Texts {
  subject: string;
  hello: string;
  intro: string;
  /** The line before the link and the lines after it, per way of signing in. */
  signIn: Record<SignInKind, { before: string; after: string[] }>;
  outro: string;
  regards: string;
}

const T: Record<Language, Texts> = {
  en: {
    subject: 'Welcome to {show}',
    hello: 'Hello {name},',
    intro:
      'you are registered for {show}{dates}. In {product} you find your entries, your balance and your invoices for the show.',
    signIn: {
      set_password: {
        before:
          'Your account is ready. Choose your password with this link (it works once and is valid for {validity}):',
        after: ['Afterwards you sign in with your e-mail address {email} and that password.'],
      },
      sign_in: {
        before: 'Sign in with your e-mail address {email} and your password here:',
        after: ['Forgot your password? Choose "Forgot password" on that page.'],
      },
      register: { before: 'Create your account with your e-mail address {email} here:', after: [] },
    },
    outro: 'After signing in, choose your dashboard: {show} is listed in your overview among your shows.',
    regards: 'Kind regards',
  },
  de: {
    subject: 'Willkommen bei {show}',
    hello: 'Hallo {name},',
    intro:
      'Sie sind für {show}{dates} angemeldet. In {product} finden Sie Ihre Nennungen, Ihren Kontostand und Ihre Rechnungen für die Veranstaltung.',
    signIn: {
      set_password: {
        before:
          'Ihr Konto ist bereit. Über diesen Link wählen Sie Ihr Passwort (einmal verwendbar, {validity} gültig):',
        after: ['Danach melden Sie sich mit Ihrer E-Mail-Adresse {email} und diesem Passwort an.'],
      },
      sign_in: {
        before: 'Melden Sie sich hier mit Ihrer E-Mail-Adresse {email} und Ihrem Passwort an:',
        after: ['Passwort vergessen? Wählen Sie auf dieser Seite „Passwort vergessen“.'],
      },
      register: { before: 'Legen Sie hier Ihr Konto mit Ihrer E-Mail-Adresse {email} an:', after: [] },
    },
    outro: 'Nach der Anmeldung wählen Sie Ihr Dashboard: {show} steht in Ihrer Übersicht bei Ihren Veranstaltungen.',
    regards: 'Mit freundlichen Grüßen',
  },
  pl: {
    subject: 'Witamy na zawodach {show}',
    hello: 'Dzień dobry {name},',
    intro:
      'jesteś zgłoszony(-a) na zawody {show}{dates}. W {product} znajdziesz swoje zgłoszenia, saldo i faktury za te zawody.',
    signIn: {
      set_password: {
        before:
          'Twoje konto jest gotowe. Ustaw hasło, otwierając ten link (działa jeden raz i jest ważny przez {validity}):',
        after: ['Następnie zaloguj się adresem e-mail {email} i tym hasłem.'],
      },
      sign_in: {
        before: 'Zaloguj się tutaj adresem e-mail {email} i swoim hasłem:',
        after: ['Nie pamiętasz hasła? Wybierz na tej stronie „Nie pamiętam hasła”.'],
      },
      register: { before: 'Załóż tutaj konto z adresem e-mail {email}:', after: [] },
    },
    outro: 'Po zalogowaniu wybierz swój panel: zawody {show} znajdziesz w przeglądzie wśród swoich zawodów.',
    regards: 'Z poważaniem',
  },
  fr: {
    subject: 'Bienvenue à {show}',
    hello: 'Bonjour {name},',
    intro:
      'vous êtes inscrit(e) à {show}{dates}. Dans {product}, vous trouvez vos engagements, votre solde et vos factures pour le concours.',
    signIn: {
      set_password: {
        before:
          "Votre compte est prêt. Choisissez votre mot de passe avec ce lien (il ne fonctionne qu'une fois et reste valable {validity}) :",
        after: ['Ensuite, connectez-vous avec votre adresse e-mail {email} et ce mot de passe.'],
      },
      sign_in: {
        before: 'Connectez-vous ici avec votre adresse e-mail {email} et votre mot de passe :',
        after: ['Mot de passe oublié ? Choisissez « Mot de passe oublié » sur cette page.'],
      },
      register: { before: 'Créez ici votre compte avec votre adresse e-mail {email} :', after: [] },
    },
    outro:
      'Une fois connecté(e), choisissez votre tableau de bord : {show} figure dans votre aperçu parmi vos concours.',
    regards: 'Cordialement',
  },
  it: {
    subject: 'Benvenuto a {show}',
    hello: 'Buongiorno {name},',
    intro:
      'sei iscritto/a a {show}{dates}. In {product} trovi le tue iscrizioni, il tuo saldo e le tue fatture per il concorso.',
    signIn: {
      set_password: {
        before:
          'Il tuo account è pronto. Scegli la tua password con questo link (funziona una sola volta ed è valido per {validity}):',
        after: ['Poi accedi con il tuo indirizzo e-mail {email} e questa password.'],
      },
      sign_in: {
        before: 'Accedi qui con il tuo indirizzo e-mail {email} e la tua password:',
        after: ['Password dimenticata? Scegli «Password dimenticata» in quella pagina.'],
      },
      register: { before: 'Crea qui il tuo account con il tuo indirizzo e-mail {email}:', after: [] },
    },
    outro: 'Dopo l’accesso scegli la tua dashboard: {show} è nella tua panoramica, tra i tuoi concorsi.',
    regards: 'Cordiali saluti',
  },
};

export interface OnboardingVars {
  name: string;
  email: string;
  show: string;
  /** `4.12.2026 – 7.12.2026`, or empty. */
  dates: string;
  signIn: SignInKind;
  link: string;
  /** How long a set-password link works. */
  validitySeconds: number;
}

/** Fills `{key}` in one pass, so a value is never read as a placeholder itself. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? values[key]! : match));

/** The onboarding e-mail as plain text, in `language` (German when unknown). */
export function onboardingMail(language: string, v: OnboardingVars): { subject: string; text: string } {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = T[lang];
  const days = Math.max(1, Math.round(v.validitySeconds / 86_400));
  const values: Record<string, string> = {
    name: v.name,
    email: v.email,
    show: v.show,
    dates: v.dates ? ` (${v.dates})` : '',
    product: PRODUCT_NAME,
    link: v.link,
    validity: new Intl.NumberFormat(lang, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days),
  };
  const signIn = t.signIn[v.signIn];
  const text = [
    t.hello,
    '',
    t.intro,
    '',
    signIn.before,
    '',
    '{link}',
    ...(signIn.after.length ? ['', ...signIn.after] : []),
    '',
    t.outro,
    '',
    t.regards,
    '{show}',
    '',
    `— ${PRODUCT_NAME}`,
    '',
  ]
    .map((line) => fill(line, values))
    .join('\n');
  return { subject: fill(t.subject, values), text };
}

import { DEFAULT_LANGUAGE, PRODUCT_NAME, isLanguage, type Language } from '@shared/constants';

export type MailKind = 'password_reset' | 'confirm_email' | 'magic_link';

interface Template {
  subject: string;
  /** Lines before the link; `{name}` is the greeting name. */
  intro: string[];
  /** Lines after the link; `{validity}` is how long the link works. */
  outro: string[];
}

const T: Record<Language, Record<MailKind, Template> & { hello: string }> = {
  en: {
    hello: 'Hello {name},',
    password_reset: {
      subject: 'Reset your password',
      intro: ['someone asked to reset the password of your account. To choose a new password, open this link:'],
      outro: ['The link works once and is valid for {validity}. If you did not ask for it, ignore this e-mail.'],
    },
    confirm_email: {
      subject: 'Confirm your e-mail address',
      intro: ['thank you for registering. Please confirm your e-mail address by opening this link:'],
      outro: ['If you did not register, ignore this e-mail.'],
    },
    magic_link: {
      subject: 'Your sign-in link',
      intro: ['open this link to sign in:'],
      outro: ['The link works once and is valid for {validity}. If you did not ask for it, ignore this e-mail.'],
    },
  },
  de: {
    hello: 'Hallo {name},',
    password_reset: {
      subject: 'Passwort zurücksetzen',
      intro: [
        'für Ihr Konto wurde das Zurücksetzen des Passworts angefordert. Über diesen Link wählen Sie ein neues Passwort:',
      ],
      outro: [
        'Der Link ist einmal verwendbar und {validity} gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ],
    },
    confirm_email: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      intro: ['danke für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:'],
      outro: ['Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.'],
    },
    magic_link: {
      subject: 'Ihr Anmeldelink',
      intro: ['über diesen Link melden Sie sich an:'],
      outro: [
        'Der Link ist einmal verwendbar und {validity} gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ],
    },
  },
  pl: {
    hello: 'Dzień dobry {name},',
    password_reset: {
      subject: 'Zresetuj hasło',
      intro: ['otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta. Aby ustawić nowe hasło, otwórz ten link:'],
      outro: ['Link działa jeden raz i jest ważny przez {validity}. Jeśli to nie Ty, zignoruj tę wiadomość.'],
    },
    confirm_email: {
      subject: 'Potwierdź swój adres e-mail',
      intro: ['dziękujemy za rejestrację. Potwierdź swój adres e-mail, otwierając ten link:'],
      outro: ['Jeśli się nie rejestrowałeś, zignoruj tę wiadomość.'],
    },
    magic_link: {
      subject: 'Twój link do logowania',
      intro: ['otwórz ten link, aby się zalogować:'],
      outro: ['Link działa jeden raz i jest ważny przez {validity}. Jeśli to nie Ty, zignoruj tę wiadomość.'],
    },
  },
  fr: {
    hello: 'Bonjour {name},',
    password_reset: {
      subject: 'Réinitialisez votre mot de passe',
      intro: [
        'une réinitialisation du mot de passe de votre compte a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      ],
      outro: [
        "Le lien ne fonctionne qu'une fois et reste valable {validity}. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
      ],
    },
    confirm_email: {
      subject: 'Confirmez votre adresse e-mail',
      intro: ['merci de votre inscription. Veuillez confirmer votre adresse e-mail en ouvrant ce lien :'],
      outro: ['Si vous ne vous êtes pas inscrit, ignorez cet e-mail.'],
    },
    magic_link: {
      subject: 'Votre lien de connexion',
      intro: ['ouvrez ce lien pour vous connecter :'],
      outro: [
        "Le lien ne fonctionne qu'une fois et reste valable {validity}. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
      ],
    },
  },
  it: {
    hello: 'Buongiorno {name},',
    password_reset: {
      subject: 'Reimposta la password',
      intro: [
        'è stato richiesto il ripristino della password del tuo account. Per sceglierne una nuova, apri questo link:',
      ],
      outro: [
        'Il link funziona una sola volta ed è valido per {validity}. Se non l’hai richiesto, ignora questa e-mail.',
      ],
    },
    confirm_email: {
      subject: 'Conferma il tuo indirizzo e-mail',
      intro: ['grazie per la registrazione. Conferma il tuo indirizzo e-mail aprendo questo link:'],
      outro: ['Se non ti sei registrato, ignora questa e-mail.'],
    },
    magic_link: {
      subject: 'Il tuo link di accesso',
      intro: ['apri questo link per accedere:'],
      outro: [
        'Il link funziona una sola volta ed è valido per {validity}. Se non l’hai richiesto, ignora questa e-mail.',
      ],
    },
  },
};

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** "15 minutes", "3 Tage", … in the largest unit that divides the duration. */
function formatDuration(seconds: number, lang: Language): string {
  const [unit, size] = UNITS.find(([, s]) => seconds % s === 0) ?? UNITS[2];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.max(1, Math.round(seconds / size)),
  );
}

export interface MailVars {
  name: string;
  link: string;
  validitySeconds: number;
}

/** A plain-text message in the recipient's language (German when unknown). */
export function renderMail(kind: MailKind, language: string, vars: MailVars) {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = T[lang][kind];
  const validity = formatDuration(vars.validitySeconds, lang);
  const text = [
    T[lang].hello.replace('{name}', vars.name),
    '',
    ...t.intro,
    '',
    vars.link,
    '',
    ...t.outro.map((line) => line.replace('{validity}', validity)),
    '',
    `— ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  return { subject: `${PRODUCT_NAME}: ${t.subject}`, text };
}

import { DEFAULT_LANGUAGE, PRODUCT_NAME, isLanguage, type Language } from '@shared/constants';

export type MailKind = 'password_reset' | 'confirm_email' | 'magic_link' | 'attendance_confirm';

interface Template {
  subject: string;
  /** Lines before the link; `{name}` is the greeting name, other `{…}` come from the params. */
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
    attendance_confirm: {
      subject: 'Confirm your visit to {show}',
      intro: [
        'thank you for registering as a spectator for {show}.',
        '',
        'Day of your visit: {date}',
        'Number of people: {people}',
        '',
        'Please confirm your registration by opening this link:',
      ],
      outro: ['If you did not register, ignore this e-mail.'],
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
    attendance_confirm: {
      subject: 'Bestätigen Sie Ihren Besuch bei {show}',
      intro: [
        'danke für Ihre Registrierung als Besucher für {show}.',
        '',
        'Tag Ihres Besuchs: {date}',
        'Anzahl Personen: {people}',
        '',
        'Bitte bestätigen Sie Ihre Registrierung über diesen Link:',
      ],
      outro: ['Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.'],
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
    attendance_confirm: {
      subject: 'Potwierdź wizytę na zawodach {show}',
      intro: [
        'dziękujemy za rejestrację jako widz na zawody {show}.',
        '',
        'Dzień wizyty: {date}',
        'Liczba osób: {people}',
        '',
        'Potwierdź rejestrację, otwierając ten link:',
      ],
      outro: ['Jeśli się nie rejestrowałeś, zignoruj tę wiadomość.'],
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
    attendance_confirm: {
      subject: 'Confirmez votre visite à {show}',
      intro: [
        'merci de votre inscription comme spectateur pour {show}.',
        '',
        'Jour de votre visite : {date}',
        'Nombre de personnes : {people}',
        '',
        'Veuillez confirmer votre inscription en ouvrant ce lien :',
      ],
      outro: ['Si vous ne vous êtes pas inscrit, ignorez cet e-mail.'],
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
    attendance_confirm: {
      subject: 'Conferma la tua visita a {show}',
      intro: [
        'grazie per esserti registrato come spettatore per {show}.',
        '',
        'Giorno della visita: {date}',
        'Numero di persone: {people}',
        '',
        'Conferma la registrazione aprendo questo link:',
      ],
      outro: ['Se non ti sei registrato, ignora questa e-mail.'],
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
  /** How long the link works, for `{validity}`. */
  validitySeconds?: number;
  /** Further `{key}` values of the template (show, date, …). */
  params?: Record<string, string | number>;
}

/** Fills `{key}` placeholders in one pass, so a value is never read as a placeholder itself. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : match));

/** A plain-text message in the recipient's language (German when unknown). */
export function renderMail(kind: MailKind, language: string, vars: MailVars) {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = T[lang][kind];
  const values: Record<string, string | number> = { ...vars.params, name: vars.name };
  if (vars.validitySeconds !== undefined) values.validity = formatDuration(vars.validitySeconds, lang);
  const text = [
    fill(T[lang].hello, values),
    '',
    ...t.intro.map((line) => fill(line, values)),
    '',
    vars.link,
    '',
    ...t.outro.map((line) => fill(line, values)),
    '',
    `— ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  return { subject: `${PRODUCT_NAME}: ${fill(t.subject, values)}`, text };
}

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import { minorToDecimalString } from '@shared/money';

/** The e-mail that carries an invoice or credit note (its PDF attached), in the buyer's language. */
const T: Record<Language, { invoice: string; credit_note: string; body: string[]; regards: string }> = {
  en: {
    invoice: 'Invoice {number} – {show}',
    credit_note: 'Credit note {number} – {show}',
    body: [
      'Hello {name},',
      '',
      'attached is {document} {number} for {show}: {amount}.',
      'Please transfer the amount by {due} with the payment reference {reference}.',
      'The PDF contains the e-invoice (Factur-X / ZUGFeRD) for your accounting.',
    ],
    regards: 'Kind regards, {seller}',
  },
  de: {
    invoice: 'Rechnung {number} – {show}',
    credit_note: 'Gutschrift {number} – {show}',
    body: [
      'Hallo {name},',
      '',
      'anbei {document} {number} für {show}: {amount}.',
      'Bitte überweisen Sie den Betrag bis {due} mit dem Verwendungszweck {reference}.',
      'Die PDF-Datei enthält die E-Rechnung (Factur-X / ZUGFeRD) für Ihre Buchhaltung.',
    ],
    regards: 'Mit freundlichen Grüßen, {seller}',
  },
  pl: {
    invoice: 'Faktura {number} – {show}',
    credit_note: 'Faktura korygująca {number} – {show}',
    body: [
      'Dzień dobry {name},',
      '',
      'w załączniku {document} {number} za {show}: {amount}.',
      'Prosimy o przelew do {due} z tytułem płatności {reference}.',
      'Plik PDF zawiera e-fakturę (Factur-X / ZUGFeRD) dla Państwa księgowości.',
    ],
    regards: 'Z poważaniem, {seller}',
  },
  fr: {
    invoice: 'Facture {number} – {show}',
    credit_note: 'Avoir {number} – {show}',
    body: [
      'Bonjour {name},',
      '',
      'veuillez trouver ci-joint {document} {number} pour {show} : {amount}.',
      'Merci de virer le montant avant le {due} avec la référence de paiement {reference}.',
      'Le PDF contient la facture électronique (Factur-X / ZUGFeRD) pour votre comptabilité.',
    ],
    regards: 'Cordialement, {seller}',
  },
  it: {
    invoice: 'Fattura {number} – {show}',
    credit_note: 'Nota di credito {number} – {show}',
    body: [
      'Buongiorno {name},',
      '',
      'in allegato {document} {number} per {show}: {amount}.',
      'Vi preghiamo di effettuare il bonifico entro il {due} con il riferimento di pagamento {reference}.',
      'Il PDF contiene la fattura elettronica (Factur-X / ZUGFeRD) per la vostra contabilità.',
    ],
    regards: 'Cordiali saluti, {seller}',
  },
};

const DOCUMENT: Record<Language, Record<'invoice' | 'credit_note', string>> = {
  en: { invoice: 'invoice', credit_note: 'credit note' },
  de: { invoice: 'die Rechnung', credit_note: 'die Gutschrift' },
  pl: { invoice: 'faktura', credit_note: 'faktura korygująca' },
  fr: { invoice: 'la facture', credit_note: "l'avoir" },
  it: { invoice: 'la fattura', credit_note: 'la nota di credito' },
};

const dmy = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

export interface InvoiceMailVars {
  kind: 'invoice' | 'credit_note';
  number: string;
  show: string;
  name: string;
  seller: string;
  grossMinor: number;
  currency: string;
  dueDate: string;
  reference: string;
}

export function invoiceMail(language: string, v: InvoiceMailVars): { subject: string; text: string } {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = T[lang];
  const values: Record<string, string> = {
    number: v.number,
    show: v.show,
    name: v.name,
    seller: v.seller,
    document: DOCUMENT[lang][v.kind],
    amount: `${minorToDecimalString(v.grossMinor)} ${v.currency}`,
    due: dmy(v.dueDate),
    reference: v.reference,
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');
  const body = v.kind === 'credit_note' ? t.body.filter((_l, i) => i !== 3) : t.body;
  return { subject: fill(t[v.kind]), text: [...body.map(fill), '', fill(t.regards)].join('\n') };
}

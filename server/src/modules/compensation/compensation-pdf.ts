import type { Language } from '@shared/constants';
import { formatPercent } from '@shared/ledger';
import type { OFFICIAL_FUNCTIONS } from '@shared/schemas/participation';
import { dateText, moneyText, periodText, renderPdf, right } from '../reports/pdf';

type OfficialFunction = (typeof OFFICIAL_FUNCTIONS)[number];

/**
 * What a compensation bill is made of: the snapshot stored with the bill when it was issued
 * (compensation_bills.data). The PDF is a pure function of it (CONVENTIONS 13). Amounts are
 * integer minor units of `currency`.
 */
export interface CompensationBillDocument {
  /** As printed, e.g. `1-C00007`. */
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** The official's language: every label of the bill is in it. */
  language: Language;
  currency: string;
  venue: {
    name: string;
    legalName: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
    vatId: string | null;
  };
  official: {
    name: string;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
    feiId: string | null;
  };
  function: OfficialFunction;
  dateFrom: string | null;
  dateTo: string | null;
  days: number;
  dayRateMinor: number;
  feesMinor: number;
  travelMinor: number;
  perDiemMinor: number;
  grossMinor: number;
  withholdingBp: number;
  withholdingMinor: number;
  payableMinor: number;
  /** The official's default bank account, if any. */
  bank: { holder: string; iban: string; bic: string | null } | null;
}

interface Labels {
  title: string;
  number: string;
  date: string;
  payer: string;
  official: string;
  feiId: string;
  function: string;
  period: string;
  fees: (days: number, rate: string) => string;
  travel: string;
  perDiem: string;
  gross: string;
  withholding: (rate: string) => string;
  payable: string;
  bank: string;
  holder: string;
  noBank: string;
  vatId: string;
  note: string;
  functions: Record<OfficialFunction, string>;
}

const LABELS: Record<Language, Labels> = {
  en: {
    title: 'Compensation bill',
    number: 'Number',
    date: 'Date',
    payer: 'Show',
    official: 'Official',
    feiId: 'FEI ID',
    function: 'Function',
    period: 'Dates',
    fees: (days, rate) => `Fees: ${days} days × ${rate}`,
    travel: 'Travel costs',
    perDiem: 'Per diem',
    gross: 'Gross compensation',
    withholding: (rate) => `Withholding tax (${rate} %)`,
    payable: 'Amount payable',
    bank: 'Paid to',
    holder: 'Account holder',
    noBank: 'No bank account on file',
    vatId: 'VAT ID',
    note: 'The amount payable is credited to your account at the show.',
    functions: {
      judge: 'Judge',
      steward: 'Steward',
      technical_delegate: 'Technical delegate',
      veterinarian: 'Veterinarian',
      course_designer: 'Course designer',
      president_of_jury: 'President of the ground jury',
      other: 'Other',
    },
  },
  de: {
    title: 'Honorarabrechnung',
    number: 'Nummer',
    date: 'Datum',
    payer: 'Veranstaltung',
    official: 'Offizielle Person',
    feiId: 'FEI-ID',
    function: 'Funktion',
    period: 'Zeitraum',
    fees: (days, rate) => `Honorar: ${days} Tage × ${rate}`,
    travel: 'Reisekosten',
    perDiem: 'Tagegeld',
    gross: 'Bruttovergütung',
    withholding: (rate) => `Quellensteuer (${rate} %)`,
    payable: 'Auszahlungsbetrag',
    bank: 'Überweisung an',
    holder: 'Kontoinhaber',
    noBank: 'Keine Bankverbindung hinterlegt',
    vatId: 'USt-IdNr.',
    note: 'Der Auszahlungsbetrag wird Ihrem Konto bei der Veranstaltung gutgeschrieben.',
    functions: {
      judge: 'Richter',
      steward: 'Steward',
      technical_delegate: 'Technischer Delegierter',
      veterinarian: 'Tierarzt',
      course_designer: 'Parcourschef',
      president_of_jury: 'Präsident der Richtergruppe',
      other: 'Sonstiges',
    },
  },
  pl: {
    title: 'Rachunek wynagrodzenia',
    number: 'Numer',
    date: 'Data',
    payer: 'Zawody',
    official: 'Osoba oficjalna',
    feiId: 'FEI ID',
    function: 'Funkcja',
    period: 'Okres',
    fees: (days, rate) => `Wynagrodzenie: ${days} dni × ${rate}`,
    travel: 'Koszty podróży',
    perDiem: 'Dieta',
    gross: 'Wynagrodzenie brutto',
    withholding: (rate) => `Podatek potrącony u źródła (${rate} %)`,
    payable: 'Kwota do wypłaty',
    bank: 'Przelew na rachunek',
    holder: 'Właściciel rachunku',
    noBank: 'Brak rachunku bankowego',
    vatId: 'NIP UE',
    note: 'Kwota do wypłaty zostaje zapisana na dobro Twojego konta na zawodach.',
    functions: {
      judge: 'Sędzia',
      steward: 'Steward',
      technical_delegate: 'Delegat techniczny',
      veterinarian: 'Lekarz weterynarii',
      course_designer: 'Gospodarz toru',
      president_of_jury: 'Przewodniczący komisji sędziowskiej',
      other: 'Inna',
    },
  },
  fr: {
    title: 'Note d’honoraires',
    number: 'Numéro',
    date: 'Date',
    payer: 'Concours',
    official: 'Officiel',
    feiId: 'ID FEI',
    function: 'Fonction',
    period: 'Période',
    fees: (days, rate) => `Honoraires : ${days} jours × ${rate}`,
    travel: 'Frais de déplacement',
    perDiem: 'Indemnité journalière',
    gross: 'Rémunération brute',
    withholding: (rate) => `Retenue à la source (${rate} %)`,
    payable: 'Montant à payer',
    bank: 'Virement sur',
    holder: 'Titulaire du compte',
    noBank: 'Aucun compte bancaire enregistré',
    vatId: 'N° TVA',
    note: 'Le montant à payer est crédité sur votre compte au concours.',
    functions: {
      judge: 'Juge',
      steward: 'Commissaire',
      technical_delegate: 'Délégué technique',
      veterinarian: 'Vétérinaire',
      course_designer: 'Chef de piste',
      president_of_jury: 'Président du jury',
      other: 'Autre',
    },
  },
  it: {
    title: 'Nota di compenso',
    number: 'Numero',
    date: 'Data',
    payer: 'Concorso',
    official: 'Ufficiale di gara',
    feiId: 'ID FEI',
    function: 'Funzione',
    period: 'Periodo',
    fees: (days, rate) => `Compenso: ${days} giorni × ${rate}`,
    travel: 'Spese di viaggio',
    perDiem: 'Diaria',
    gross: 'Compenso lordo',
    withholding: (rate) => `Ritenuta d’acconto (${rate} %)`,
    payable: 'Importo da pagare',
    bank: 'Bonifico su',
    holder: 'Intestatario',
    noBank: 'Nessun conto bancario registrato',
    vatId: 'P. IVA',
    note: 'L’importo da pagare è accreditato sul tuo conto presso il concorso.',
    functions: {
      judge: 'Giudice',
      steward: 'Steward',
      technical_delegate: 'Delegato tecnico',
      veterinarian: 'Veterinario',
      course_designer: 'Direttore di campo',
      president_of_jury: 'Presidente di giuria',
      other: 'Altro',
    },
  },
};

/** Street, postal code and city, country: the lines of an address that are there. */
const addressLines = (a: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}): string[] =>
  [a.address, [a.postalCode, a.city].filter(Boolean).join(' '), a.country].filter((line): line is string => !!line);

/** An IBAN in groups of four, as it is printed. */
const ibanText = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The bill as a PDF, in its language. */
/** "Compensation bill" in the bill's language: the PDF's title and the credit's description. */
export const compensationBillTitle = (language: Language): string => LABELS[language].title;

export function compensationBillPdf(bill: CompensationBillDocument): Promise<Buffer> {
  const l = LABELS[bill.language];
  const money = (minor: number) => moneyText(minor, bill.currency);
  const venue = bill.venue;
  const issuer = [venue.legalName ?? venue.name, ...addressLines(venue), venue.vatId ? `${l.vatId} ${venue.vatId}` : '']
    .filter(Boolean)
    .join('\n');
  const official = [
    bill.official.name,
    ...addressLines(bill.official),
    bill.official.feiId ? `${l.feiId} ${bill.official.feiId}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const row = (label: string, minor: number, bold = false) => [{ text: label, bold }, right(money(minor), { bold })];
  return renderPdf({
    info: { title: `${l.title} ${bill.number}`, subject: `${bill.official.name} · ${venue.name}` },
    content: [
      { text: l.title, fontSize: 18, bold: true },
      {
        columns: [
          { width: '*', stack: [{ text: l.payer, bold: true }, venue.name, issuer] },
          { width: '*', stack: [{ text: l.official, bold: true }, official] },
          {
            width: 150,
            table: {
              widths: ['auto', '*'],
              body: [
                [{ text: l.number, bold: true }, right(bill.number)],
                [{ text: l.date, bold: true }, right(dateText(bill.issueDate, bill.language))],
              ],
            },
            layout: 'noBorders',
          },
        ],
        columnGap: 12,
        margin: [0, 12, 0, 16],
      },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [{ text: l.function, bold: true }, l.functions[bill.function] ?? bill.function],
            [{ text: l.period, bold: true }, periodText(bill.dateFrom, bill.dateTo, bill.language) || '–'],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          headerRows: 0,
          widths: ['*', 120],
          body: [
            row(l.fees(bill.days, money(bill.dayRateMinor)), bill.feesMinor),
            row(l.travel, bill.travelMinor),
            row(l.perDiem, bill.perDiemMinor),
            row(l.gross, bill.grossMinor, true),
            row(l.withholding(formatPercent(bill.withholdingBp)), -bill.withholdingMinor),
            row(l.payable, bill.payableMinor, true),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      bill.bank
        ? {
            margin: [0, 16, 0, 0],
            stack: [
              { text: l.bank, bold: true },
              `${l.holder}: ${bill.bank.holder}`,
              `IBAN ${ibanText(bill.bank.iban)}`,
              ...(bill.bank.bic ? [`BIC ${bill.bank.bic}`] : []),
            ],
          }
        : { text: l.noBank, margin: [0, 16, 0, 0], italics: true },
      { text: l.note, margin: [0, 16, 0, 0], color: '#555555' },
    ],
  });
}

import type { Language } from '@shared/constants';
import { amountText, dateText, headerRow, renderPdf, right } from './pdf';

/** Money per venue, as the party's account there sums it up. */
export interface SummaryFigures {
  chargedMinor: number;
  /** The VAT in what was charged. */
  taxMinor: number;
  paidMinor: number;
  /** Credits less payouts: what else moved the balance. */
  otherMinor: number;
  /** Positive: the venue owes the party; negative: the party owes the venue. */
  balanceMinor: number;
}

export interface SummaryReport {
  party: string;
  /** The one venue it is about, or null for every venue. */
  venue: string | null;
  /** YYYY-MM-DD */
  generatedOn: string;
  rows: (SummaryFigures & { venue: string; currency: string })[];
  totals: (SummaryFigures & { currency: string })[];
}

const LABELS: Record<
  Language,
  { title: string; allVenues: string; date: string; columns: string[]; total: string; empty: string; note: string }
> = {
  en: {
    title: 'Summary',
    allVenues: 'All shows',
    date: 'Date',
    columns: ['Show', 'Currency', 'Charged', 'of which VAT', 'Paid', 'Credits and payouts', 'Balance'],
    total: 'Total',
    empty: 'No entries.',
    note: 'Balance: positive, the show owes the amount; negative, it is owed to the show.',
  },
  de: {
    title: 'Übersicht',
    allVenues: 'Alle Veranstaltungen',
    date: 'Datum',
    columns: [
      'Veranstaltung',
      'Währung',
      'Belastet',
      'davon MwSt.',
      'Bezahlt',
      'Gutschriften und Auszahlungen',
      'Saldo',
    ],
    total: 'Summe',
    empty: 'Keine Buchungen.',
    note: 'Saldo: positiv schuldet die Veranstaltung den Betrag; negativ ist er der Veranstaltung geschuldet.',
  },
  pl: {
    title: 'Podsumowanie',
    allVenues: 'Wszystkie zawody',
    date: 'Data',
    columns: ['Zawody', 'Waluta', 'Obciążenia', 'w tym VAT', 'Zapłacono', 'Uznania i wypłaty', 'Saldo'],
    total: 'Razem',
    empty: 'Brak operacji.',
    note: 'Saldo: dodatnie – kwotę winni są organizatorzy zawodów; ujemne – kwota należy się organizatorom.',
  },
  fr: {
    title: 'Récapitulatif',
    allVenues: 'Tous les concours',
    date: 'Date',
    columns: ['Concours', 'Devise', 'Facturé', 'dont TVA', 'Payé', 'Crédits et versements', 'Solde'],
    total: 'Total',
    empty: 'Aucune écriture.',
    note: 'Solde : positif, le concours doit le montant ; négatif, il est dû au concours.',
  },
  it: {
    title: 'Riepilogo',
    allVenues: 'Tutti i concorsi',
    date: 'Data',
    columns: ['Concorso', 'Valuta', 'Addebitato', 'di cui IVA', 'Pagato', 'Accrediti e versamenti', 'Saldo'],
    total: 'Totale',
    empty: 'Nessun movimento.',
    note: 'Saldo: positivo, il concorso deve l’importo; negativo, è dovuto al concorso.',
  },
};

const figures = (f: SummaryFigures) =>
  [f.chargedMinor, f.taxMinor, f.paidMinor, f.otherMinor, f.balanceMinor].map((minor) => right(amountText(minor)));

/** A party's summary over one venue or all, per venue and totalled per currency. */
export function summaryPdf(report: SummaryReport, language: Language): Promise<Buffer> {
  const l = LABELS[language];
  const body = [
    headerRow(l.columns, 2),
    ...report.rows.map((row) => [row.venue, row.currency, ...figures(row)]),
    ...report.totals.map((total) => [
      { text: l.total, bold: true },
      { text: total.currency, bold: true },
      ...figures(total),
    ]),
  ];
  return renderPdf({
    pageOrientation: 'landscape',
    info: { title: `${l.title} ${report.party}` },
    content: [
      { text: `${l.title}: ${report.party}`, fontSize: 16, bold: true },
      {
        text: `${report.venue ?? l.allVenues} · ${l.date} ${dateText(report.generatedOn, language)}`,
        margin: [0, 4, 0, 12],
      },
      report.rows.length
        ? {
            table: { headerRows: 1, widths: ['*', 45, 70, 70, 70, 90, 70], body },
            layout: 'lightHorizontalLines',
          }
        : { text: l.empty, italics: true },
      { text: l.note, margin: [0, 12, 0, 0], color: '#555555' },
    ],
  });
}

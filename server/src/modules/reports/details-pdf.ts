import type { Language } from '@shared/constants';
import { formatPercent } from '@shared/ledger';
import { amountText, dateText, headerRow, renderPdf, right } from './pdf';

/** One entry, amounts signed as it moves the party's balance (a charge negative, a payment positive). */
export interface DetailLine {
  date: string;
  description: string;
  /** The rider an employer's entry was for. */
  rider: string | null;
  quantity: number;
  unitPriceMinor: number;
  /** Charges, credits, sales, fees: their net, VAT and gross; payments and payouts: `payment`. */
  netMinor: number | null;
  taxRateBp: number | null;
  taxMinor: number | null;
  grossMinor: number | null;
  paymentMinor: number | null;
  /** The balance after the entry. */
  balanceMinor: number;
}

export interface DetailsReport {
  party: string;
  venue: string;
  currency: string;
  /** YYYY-MM-DD */
  generatedOn: string;
  lines: DetailLine[];
  totals: { netMinor: number; taxMinor: number; grossMinor: number; paymentMinor: number; balanceMinor: number };
}

const LABELS: Record<Language, { title: string; date: string; columns: string[]; total: string; empty: string }> = {
  en: {
    title: 'Transaction details',
    date: 'Date',
    columns: [
      'Date',
      'Description',
      'Rider',
      'Qty',
      'Unit price',
      'Net',
      'VAT %',
      'VAT',
      'Gross',
      'Payments',
      'Balance',
    ],
    total: 'Total',
    empty: 'No entries.',
  },
  de: {
    title: 'Buchungsdetails',
    date: 'Datum',
    columns: [
      'Datum',
      'Beschreibung',
      'Reiter',
      'Menge',
      'Einzelpreis',
      'Netto',
      'MwSt. %',
      'MwSt.',
      'Brutto',
      'Zahlungen',
      'Saldo',
    ],
    total: 'Summe',
    empty: 'Keine Buchungen.',
  },
  pl: {
    title: 'Szczegóły operacji',
    date: 'Data',
    columns: [
      'Data',
      'Opis',
      'Jeździec',
      'Ilość',
      'Cena jedn.',
      'Netto',
      'VAT %',
      'VAT',
      'Brutto',
      'Płatności',
      'Saldo',
    ],
    total: 'Razem',
    empty: 'Brak operacji.',
  },
  fr: {
    title: 'Détail des opérations',
    date: 'Date',
    columns: [
      'Date',
      'Description',
      'Cavalier',
      'Qté',
      'Prix unitaire',
      'HT',
      'TVA %',
      'TVA',
      'TTC',
      'Paiements',
      'Solde',
    ],
    total: 'Total',
    empty: 'Aucune écriture.',
  },
  it: {
    title: 'Dettaglio movimenti',
    date: 'Data',
    columns: [
      'Data',
      'Descrizione',
      'Cavaliere',
      'Qtà',
      'Prezzo unitario',
      'Netto',
      'IVA %',
      'IVA',
      'Lordo',
      'Pagamenti',
      'Saldo',
    ],
    total: 'Totale',
    empty: 'Nessun movimento.',
  },
};

const cell = (minor: number | null) => right(minor === null ? '' : amountText(minor));

/** A party's entries at one venue, line by line with the running balance. */
export function detailsPdf(report: DetailsReport, language: Language): Promise<Buffer> {
  const l = LABELS[language];
  const withRider = report.lines.some((line) => line.rider !== null);
  const keep = (_: unknown, i: number) => withRider || i !== 2;
  const t = report.totals;
  const body = [
    headerRow(l.columns, 3).filter(keep),
    ...report.lines.map((line) =>
      [
        dateText(line.date, language),
        line.description,
        line.rider ?? '',
        right(String(line.quantity)),
        right(amountText(line.unitPriceMinor)),
        cell(line.netMinor),
        right(line.taxRateBp === null ? '' : formatPercent(line.taxRateBp)),
        cell(line.taxMinor),
        cell(line.grossMinor),
        cell(line.paymentMinor),
        cell(line.balanceMinor),
      ].filter(keep),
    ),
    [
      { text: l.total, bold: true },
      '',
      '',
      '',
      '',
      cell(t.netMinor),
      '',
      cell(t.taxMinor),
      cell(t.grossMinor),
      cell(t.paymentMinor),
      right(amountText(t.balanceMinor), { bold: true }),
    ].filter(keep),
  ];
  const widths = [48, '*', 70, 28, 52, 52, 34, 48, 52, 52, 56].filter(keep);
  return renderPdf({
    pageOrientation: 'landscape',
    info: { title: `${l.title} ${report.party} ${report.venue}` },
    defaultStyle: { fontSize: 8 },
    content: [
      { text: `${l.title}: ${report.party}`, fontSize: 16, bold: true },
      {
        text: `${report.venue} · ${report.currency} · ${l.date} ${dateText(report.generatedOn, language)}`,
        margin: [0, 4, 0, 12],
      },
      report.lines.length
        ? { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines' }
        : { text: l.empty, italics: true },
    ],
  });
}

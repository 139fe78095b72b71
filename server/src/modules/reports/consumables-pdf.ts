import type { Language } from '@shared/constants';
import { amountText, dateText, headerRow, periodText, renderPdf, right } from './pdf';

export interface SoldFigures {
  quantity: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export interface ConsumablesReport {
  venue: string;
  currency: string;
  /** The days asked for (either may be open). */
  from: string | null;
  to: string | null;
  /** YYYY-MM-DD */
  generatedOn: string;
  days: { day: string; items: (SoldFigures & { name: string })[]; total: SoldFigures }[];
  /** Per item over every day. */
  items: (SoldFigures & { name: string })[];
  total: SoldFigures;
}

const LABELS: Record<
  Language,
  {
    title: string;
    date: string;
    period: string;
    columns: string[];
    dayTotal: string;
    byItem: string;
    total: string;
    empty: string;
  }
> = {
  en: {
    title: 'Consumables sold',
    date: 'Date',
    period: 'Period',
    columns: ['Item', 'Quantity', 'Net', 'Tax', 'Gross'],
    dayTotal: 'Day total',
    byItem: 'All days by item',
    total: 'Total',
    empty: 'Nothing sold.',
  },
  de: {
    title: 'Verkaufte Artikel',
    date: 'Datum',
    period: 'Zeitraum',
    columns: ['Artikel', 'Menge', 'Netto', 'Steuer', 'Brutto'],
    dayTotal: 'Tagessumme',
    byItem: 'Alle Tage nach Artikel',
    total: 'Summe',
    empty: 'Nichts verkauft.',
  },
  pl: {
    title: 'Sprzedane artykuły',
    date: 'Data',
    period: 'Okres',
    columns: ['Artykuł', 'Ilość', 'Netto', 'Podatek', 'Brutto'],
    dayTotal: 'Suma dnia',
    byItem: 'Wszystkie dni według artykułu',
    total: 'Razem',
    empty: 'Nic nie sprzedano.',
  },
  fr: {
    title: 'Articles vendus',
    date: 'Date',
    period: 'Période',
    columns: ['Article', 'Quantité', 'HT', 'Taxe', 'TTC'],
    dayTotal: 'Total du jour',
    byItem: 'Tous les jours par article',
    total: 'Total',
    empty: 'Rien de vendu.',
  },
  it: {
    title: 'Articoli venduti',
    date: 'Data',
    period: 'Periodo',
    columns: ['Articolo', 'Quantità', 'Netto', 'Imposta', 'Lordo'],
    dayTotal: 'Totale del giorno',
    byItem: 'Tutti i giorni per articolo',
    total: 'Totale',
    empty: 'Niente venduto.',
  },
};

const figures = (f: SoldFigures, bold = false) => [
  right(String(f.quantity), { bold }),
  right(amountText(f.netMinor), { bold }),
  right(amountText(f.taxMinor), { bold }),
  right(amountText(f.grossMinor), { bold }),
];

/** The venue's price-list items sold, per day and item, with day totals, item totals and the total. */
export function consumablesPdf(report: ConsumablesReport, language: Language): Promise<Buffer> {
  const l = LABELS[language];
  const table = (rows: unknown[][]) => ({
    table: { headerRows: 1, widths: ['*', 60, 80, 80, 80], body: [headerRow(l.columns, 1), ...rows] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  });
  const period = periodText(report.from, report.to, language);
  return renderPdf({
    info: { title: `${l.title} ${report.venue}` },
    content: [
      { text: `${l.title}: ${report.venue}`, fontSize: 16, bold: true },
      {
        text: [
          report.currency,
          period ? `${l.period} ${period}` : '',
          `${l.date} ${dateText(report.generatedOn, language)}`,
        ]
          .filter(Boolean)
          .join(' · '),
        margin: [0, 4, 0, 12],
      },
      ...(report.days.length
        ? [
            ...report.days.flatMap((day) => [
              { text: dateText(day.day, language), bold: true, fontSize: 11, margin: [0, 4, 0, 4] },
              table([
                ...day.items.map((item) => [item.name, ...figures(item)]),
                [{ text: l.dayTotal, bold: true }, ...figures(day.total, true)],
              ]),
            ]),
            { text: l.byItem, bold: true, fontSize: 11, margin: [0, 8, 0, 4] },
            table([
              ...report.items.map((item) => [item.name, ...figures(item)]),
              [{ text: l.total, bold: true }, ...figures(report.total, true)],
            ]),
          ]
        : [{ text: l.empty, italics: true }]),
    ],
  });
}

import type { Language } from '@shared/constants';
import { startTimeText, type StartList } from '@shared/schemas/startlists';
import { dateText, headerRow, renderPdf, type PdfContent } from '../reports/pdf';

const LABELS: Record<
  Language,
  {
    title: string;
    order: string;
    time: string;
    head: string;
    rider: string;
    nation: string;
    horse: string;
    late: string;
    withdrawn: string;
    arena: string;
    seed: string;
    notDrawn: string;
  }
> = {
  en: {
    title: 'Start list',
    order: 'No.',
    time: 'Time',
    head: 'Head no.',
    rider: 'Rider',
    nation: 'Nation',
    horse: 'Horse',
    late: 'late entry',
    withdrawn: 'Withdrawn',
    arena: 'Arena',
    seed: 'Draw seed',
    notDrawn: 'not drawn yet',
  },
  de: {
    title: 'Startliste',
    order: 'Nr.',
    time: 'Zeit',
    head: 'Kopfnr.',
    rider: 'Reiter',
    nation: 'Nation',
    horse: 'Pferd',
    late: 'Nachnennung',
    withdrawn: 'Zurückgezogen',
    arena: 'Platz',
    seed: 'Auslosung (Startwert)',
    notDrawn: 'noch nicht ausgelost',
  },
  pl: {
    title: 'Lista startowa',
    order: 'Nr',
    time: 'Godzina',
    head: 'Nr konia',
    rider: 'Zawodnik',
    nation: 'Kraj',
    horse: 'Koń',
    late: 'zgłoszenie po terminie',
    withdrawn: 'Wycofani',
    arena: 'Arena',
    seed: 'Ziarno losowania',
    notDrawn: 'jeszcze nie rozlosowano',
  },
  fr: {
    title: 'Liste de départ',
    order: 'N°',
    time: 'Heure',
    head: 'N° de tête',
    rider: 'Cavalier',
    nation: 'Nation',
    horse: 'Cheval',
    late: 'engagement tardif',
    withdrawn: 'Forfaits',
    arena: 'Piste',
    seed: 'Graine du tirage',
    notDrawn: 'pas encore tiré au sort',
  },
  it: {
    title: 'Ordine di partenza',
    order: 'N.',
    time: 'Ora',
    head: 'N. testiera',
    rider: 'Cavaliere',
    nation: 'Nazione',
    horse: 'Cavallo',
    late: 'iscrizione tardiva',
    withdrawn: 'Ritirati',
    arena: 'Campo',
    seed: 'Seme del sorteggio',
    notDrawn: 'non ancora sorteggiato',
  },
};

/** HH:MM of a moment in the venue's time zone. */
const clock = (at: string | null, timeZone: string) =>
  at
    ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(at),
      )
    : '';

const localDate = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));

/** The printable start list: the competition, the order of go with times and head numbers, the withdrawn. */
export function startListPdf(
  list: StartList,
  venueName: string,
  timeZone: string,
  language: Language,
): Promise<Buffer> {
  const l = LABELS[language];
  const c = list.competition;
  const entered = list.entries.filter((e) => e.status === 'entered');
  const withdrawn = list.entries.filter((e) => e.status === 'withdrawn');
  const when = c.starts_at
    ? `${dateText(localDate(c.starts_at, timeZone), language)} ${clock(c.starts_at, timeZone)}`
    : '';
  const subtitle = [c.vec_name, when, c.arena ? `${l.arena}: ${c.arena}` : '', c.height_cm ? `${c.height_cm} cm` : '']
    .filter(Boolean)
    .join(' · ');
  const table = (rows: StartList['entries'], withOrder: boolean): PdfContent => ({
    table: {
      headerRows: 1,
      widths: withOrder ? [28, 36, 44, '*', 40, '*'] : [44, '*', 40, '*'],
      body: [
        headerRow(
          withOrder ? [l.order, l.time, l.head, l.rider, l.nation, l.horse] : [l.head, l.rider, l.nation, l.horse],
          99,
        ),
        ...rows.map((e) => [
          ...(withOrder
            ? [String(e.start_order ?? ''), startTimeText(e.start_time, c.starts_at, timeZone, language)]
            : []),
          e.head_number === null ? '' : String(e.head_number),
          e.late ? { text: [e.rider.name, { text: ` (${l.late})`, italics: true }] } : e.rider.name,
          e.rider.nationality ?? '',
          e.horse.fei_id ? `${e.horse.name} (${e.horse.fei_id})` : e.horse.name,
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
  });
  const content: PdfContent[] = [
    { text: venueName, fontSize: 10, color: '#555555' },
    { text: `${l.title} – ${c.number} ${c.name}`, fontSize: 15, bold: true, margin: [0, 2, 0, 2] },
    { text: subtitle, margin: [0, 0, 0, 4] },
    { text: c.draw_seed !== null ? `${l.seed}: ${c.draw_seed}` : l.notDrawn, fontSize: 8, margin: [0, 0, 0, 10] },
    table(entered, true),
  ];
  if (withdrawn.length) {
    content.push({ text: l.withdrawn, bold: true, margin: [0, 14, 0, 4] }, table(withdrawn, false));
  }
  return renderPdf({ info: { title: `${l.title} ${c.number} ${c.name}` }, content });
}

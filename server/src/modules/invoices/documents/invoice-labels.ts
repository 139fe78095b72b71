import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';

/** Every word printed on an invoice or credit note, in the buyer's language. */
export interface InvoiceLabels {
  invoice: string;
  creditNote: string;
  number: string;
  issueDate: string;
  /** A credit note's own number and date: it is no invoice, and says so in its head. */
  creditNoteNumber: string;
  creditNoteDate: string;
  dueDate: string;
  /** When the show took place: the date of supply. */
  showDates: string;
  show: string;
  seller: string;
  buyer: string;
  vatId: string;
  /** The seller's tax number (Steuernummer) and its register entry, printed under its address. */
  taxNumber: string;
  registration: string;
  email: string;
  phone: string;
  customerReference: string;
  /** A German public buyer's routing id, printed instead of the customer reference. */
  leitwegId: string;
  date: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
  vatSummary: string;
  totalNet: string;
  totalVat: string;
  /** The amount due on an invoice. */
  totalDue: string;
  /** The amount given back on a credit note. */
  totalCredited: string;
  payment: string;
  paymentReference: string;
  bankAccount: string;
  accountHolder: string;
  iban: string;
  bic: string;
  bank: string;
  payBy: (date: string) => string;
  /** Under the line of an employer's invoice: the rider the line was for. */
  forRider: (name: string) => string;
  corrects: (number: string, date: string) => string;
  reason: string;
  /** The prize money credited at the show, shown beside an invoice's total. */
  prizeMoney: string;
  prizeMoneyNote: string;
  prizeMoneyTotal: string;
  /** The legal note for VAT category AE. */
  reverseCharge: string;
  /** The legal note for VAT category E. */
  vatExempt: string;
  /** A VAT category of 0 % that is neither exempt nor reverse charge (category Z). */
  zeroRated: string;
  /** Intra-community supply (Art. 138 of Directive 2006/112/EC) and export (Art. 146). */
  intraCommunity: string;
  exportOutsideEu: string;
  /** A supply outside the scope of VAT (category O): no VAT, no VAT id of the seller printed for it. */
  outsideScope: string;
  /** Short names of the VAT categories without VAT, for the VAT summary. */
  categories: { AE: string; E: string; Z: string; K: string; G: string; O: string };
  /** The ledger entry that books a document's VAT per rate against its lines' VAT as posted. */
  vatRounding: (number: string) => string;
  page: (page: number, pages: number) => string;
}

const en: InvoiceLabels = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  number: 'Invoice no.',
  issueDate: 'Invoice date',
  creditNoteNumber: 'Credit note no.',
  creditNoteDate: 'Credit note date',
  dueDate: 'Due date',
  showDates: 'Date of supply',
  show: 'Show',
  seller: 'Seller',
  buyer: 'Bill to',
  vatId: 'VAT ID',
  taxNumber: 'Tax number',
  registration: 'Register',
  email: 'E-mail',
  phone: 'Phone',
  customerReference: 'Customer reference',
  leitwegId: 'Leitweg-ID',
  date: 'Date',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price (net)',
  vatRate: 'VAT %',
  net: 'Net',
  vat: 'VAT',
  gross: 'Gross',
  vatSummary: 'VAT summary',
  totalNet: 'Total net',
  totalVat: 'Total VAT',
  totalDue: 'Total amount due',
  totalCredited: 'Total amount credited',
  payment: 'Payment',
  paymentReference: 'Payment reference',
  bankAccount: 'Bank account',
  accountHolder: 'Account holder',
  iban: 'IBAN',
  bic: 'BIC',
  bank: 'Bank',
  payBy: (date) => `Please pay by ${date}, quoting the payment reference.`,
  forRider: (name) => `for rider ${name}`,
  corrects: (number, date) => `Corrects invoice ${number} of ${date}`,
  reason: 'Reason',
  prizeMoney: 'Prize money credited at this show',
  prizeMoneyNote: "Credited to your account at the show and settled through it; not part of this invoice's amounts.",
  prizeMoneyTotal: 'Prize money in total',
  reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).',
  vatExempt: 'VAT exempt supply.',
  zeroRated: 'Zero-rated supply.',
  intraCommunity: 'Intra-community supply exempt from VAT (Article 138 of Directive 2006/112/EC).',
  exportOutsideEu: 'Export outside the EU exempt from VAT (Article 146 of Directive 2006/112/EC).',
  outsideScope: 'Not subject to VAT (outside the scope of VAT).',
  categories: {
    AE: 'reverse charge',
    E: 'exempt',
    Z: 'zero rate',
    K: 'intra-community',
    G: 'export',
    O: 'outside scope',
  },
  vatRounding: (number) => `VAT rounding per rate, ${number}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const de: InvoiceLabels = {
  invoice: 'Rechnung',
  creditNote: 'Gutschrift',
  number: 'Rechnungsnummer',
  issueDate: 'Rechnungsdatum',
  creditNoteNumber: 'Gutschriftsnummer',
  creditNoteDate: 'Datum der Gutschrift',
  dueDate: 'Fällig am',
  showDates: 'Leistungszeitraum',
  show: 'Turnier',
  seller: 'Rechnungssteller',
  buyer: 'Rechnungsempfänger',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  registration: 'Registereintrag',
  email: 'E-Mail',
  phone: 'Telefon',
  customerReference: 'Kundenreferenz',
  leitwegId: 'Leitweg-ID',
  date: 'Datum',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis (netto)',
  vatRate: 'USt. %',
  net: 'Netto',
  vat: 'USt.',
  gross: 'Brutto',
  vatSummary: 'Umsatzsteuer nach Steuersätzen',
  totalNet: 'Summe netto',
  totalVat: 'Summe Umsatzsteuer',
  totalDue: 'Rechnungsbetrag',
  totalCredited: 'Gutschriftsbetrag',
  payment: 'Zahlung',
  paymentReference: 'Verwendungszweck',
  bankAccount: 'Bankverbindung',
  accountHolder: 'Kontoinhaber',
  iban: 'IBAN',
  bic: 'BIC',
  bank: 'Bank',
  payBy: (date) => `Bitte überweisen Sie den Betrag bis ${date} unter Angabe des Verwendungszwecks.`,
  forRider: (name) => `für Reiter ${name}`,
  corrects: (number, date) => `Korrigiert Rechnung ${number} vom ${date}`,
  reason: 'Grund',
  prizeMoney: 'Gutgeschriebenes Preisgeld dieser Veranstaltung',
  prizeMoneyNote:
    'Ihrem Konto bei der Veranstaltung gutgeschrieben und darüber verrechnet; nicht Teil der Beträge dieser Rechnung.',
  prizeMoneyTotal: 'Preisgeld gesamt',
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, Art. 196 MwStSystRL).',
  vatExempt: 'Steuerfreie Leistung.',
  zeroRated: 'Leistung zum Nullsatz.',
  intraCommunity: 'Steuerfreie innergemeinschaftliche Lieferung (Art. 138 MwStSystRL).',
  exportOutsideEu: 'Steuerfreie Ausfuhrlieferung (Art. 146 MwStSystRL).',
  outsideScope: 'Nicht steuerbarer Umsatz.',
  categories: {
    AE: 'Reverse Charge',
    E: 'steuerfrei',
    Z: 'Nullsatz',
    K: 'innergemeinschaftlich',
    G: 'Ausfuhr',
    O: 'nicht steuerbar',
  },
  vatRounding: (number) => `USt-Rundung je Steuersatz, ${number}`,
  page: (page, pages) => `Seite ${page} von ${pages}`,
};

const pl: InvoiceLabels = {
  invoice: 'Faktura',
  creditNote: 'Faktura korygująca',
  number: 'Numer faktury',
  issueDate: 'Data wystawienia',
  creditNoteNumber: 'Numer faktury korygującej',
  creditNoteDate: 'Data wystawienia korekty',
  dueDate: 'Termin płatności',
  showDates: 'Data wykonania usługi',
  show: 'Zawody',
  seller: 'Sprzedawca',
  buyer: 'Nabywca',
  vatId: 'NIP UE',
  taxNumber: 'NIP',
  registration: 'Rejestr',
  email: 'E-mail',
  phone: 'Telefon',
  customerReference: 'Numer klienta',
  leitwegId: 'Leitweg-ID (odbiorca publiczny)',
  date: 'Data',
  description: 'Opis',
  quantity: 'Ilość',
  unitPrice: 'Cena jedn. netto',
  vatRate: 'Stawka VAT',
  net: 'Wartość netto',
  vat: 'Kwota VAT',
  gross: 'Wartość brutto',
  vatSummary: 'Zestawienie VAT według stawek',
  totalNet: 'Razem netto',
  totalVat: 'Razem VAT',
  totalDue: 'Do zapłaty',
  totalCredited: 'Kwota korekty do zwrotu',
  payment: 'Płatność',
  paymentReference: 'Tytuł przelewu',
  bankAccount: 'Rachunek bankowy',
  accountHolder: 'Właściciel rachunku',
  iban: 'IBAN',
  bic: 'BIC',
  bank: 'Bank',
  payBy: (date) => `Prosimy o zapłatę do ${date}, podając tytuł przelewu.`,
  forRider: (name) => `dla zawodnika ${name}`,
  corrects: (number, date) => `Korekta faktury ${number} z dnia ${date}`,
  reason: 'Przyczyna korekty',
  prizeMoney: 'Nagrody pieniężne zaksięgowane na tych zawodach',
  prizeMoneyNote: 'Zaksięgowane na Twoim koncie na zawodach i przez nie rozliczone; nie są częścią kwot tej faktury.',
  prizeMoneyTotal: 'Nagrody łącznie',
  reverseCharge: 'Odwrotne obciążenie (art. 196 dyrektywy 2006/112/WE).',
  vatExempt: 'Zwolnione z VAT.',
  zeroRated: 'Stawka 0 %.',
  intraCommunity: 'Wewnątrzwspólnotowa dostawa towarów zwolniona z VAT (art. 138 dyrektywy 2006/112/WE).',
  exportOutsideEu: 'Eksport poza UE zwolniony z VAT (art. 146 dyrektywy 2006/112/WE).',
  outsideScope: 'Transakcja niepodlegająca opodatkowaniu VAT.',
  categories: {
    AE: 'odwrotne obciążenie',
    E: 'zwolnione',
    Z: 'stawka 0 %',
    K: 'WDT',
    G: 'eksport',
    O: 'niepodlegające',
  },
  vatRounding: (number) => `Zaokrąglenie VAT według stawki, ${number}`,
  page: (page, pages) => `Strona ${page} z ${pages}`,
};

const fr: InvoiceLabels = {
  invoice: 'Facture',
  creditNote: 'Avoir',
  number: 'Numéro de facture',
  issueDate: 'Date de facture',
  creditNoteNumber: 'Numéro d’avoir',
  creditNoteDate: 'Date de l’avoir',
  dueDate: "Date d'échéance",
  showDates: 'Date de la prestation',
  show: 'Concours',
  seller: 'Émetteur',
  buyer: 'Client',
  vatId: 'N° de TVA intracommunautaire',
  taxNumber: 'Numéro fiscal',
  registration: 'Immatriculation',
  email: 'E-mail',
  phone: 'Téléphone',
  customerReference: 'Référence client',
  leitwegId: 'Leitweg-ID (acheteur public)',
  date: 'Date',
  description: 'Désignation',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire HT',
  vatRate: 'TVA %',
  net: 'Montant HT',
  vat: 'TVA',
  gross: 'Montant TTC',
  vatSummary: 'Récapitulatif de la TVA',
  totalNet: 'Total HT',
  totalVat: 'Total TVA',
  totalDue: 'Net à payer TTC',
  totalCredited: 'Montant de l’avoir TTC',
  payment: 'Paiement',
  paymentReference: 'Référence de paiement',
  bankAccount: 'Coordonnées bancaires',
  accountHolder: 'Titulaire du compte',
  iban: 'IBAN',
  bic: 'BIC',
  bank: 'Banque',
  payBy: (date) => `Merci de régler avant le ${date} en indiquant la référence de paiement.`,
  forRider: (name) => `pour le cavalier ${name}`,
  corrects: (number, date) => `Rectifie la facture ${number} du ${date}`,
  reason: 'Motif',
  prizeMoney: 'Gains crédités lors de ce concours',
  prizeMoneyNote:
    'Crédités sur votre compte du concours et réglés par celui-ci ; ils ne font pas partie des montants de cette facture.',
  prizeMoneyTotal: 'Total des gains',
  reverseCharge: 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
  vatExempt: 'Exonération de TVA.',
  zeroRated: 'Opération au taux zéro.',
  intraCommunity: 'Livraison intracommunautaire exonérée de TVA (article 138 de la directive 2006/112/CE).',
  exportOutsideEu: 'Exportation hors UE exonérée de TVA (article 146 de la directive 2006/112/CE).',
  outsideScope: 'Opération hors du champ d’application de la TVA.',
  categories: {
    AE: 'autoliquidation',
    E: 'exonéré',
    Z: 'taux zéro',
    K: 'intracommunautaire',
    G: 'exportation',
    O: 'hors champ',
  },
  vatRounding: (number) => `Arrondi de TVA par taux, ${number}`,
  page: (page, pages) => `Page ${page} sur ${pages}`,
};

const it: InvoiceLabels = {
  invoice: 'Fattura',
  creditNote: 'Nota di credito',
  number: 'Numero fattura',
  issueDate: 'Data fattura',
  creditNoteNumber: 'Numero nota di credito',
  creditNoteDate: 'Data nota di credito',
  dueDate: 'Data di scadenza',
  showDates: 'Data della prestazione',
  show: 'Concorso',
  seller: 'Fornitore',
  buyer: 'Cliente',
  vatId: 'Partita IVA',
  taxNumber: 'Codice fiscale',
  registration: 'Registro imprese',
  email: 'E-mail',
  phone: 'Telefono',
  customerReference: 'Riferimento cliente',
  leitwegId: 'Leitweg-ID (ente pubblico)',
  date: 'Data',
  description: 'Descrizione',
  quantity: 'Quantità',
  unitPrice: 'Prezzo unitario netto',
  vatRate: 'IVA %',
  net: 'Imponibile',
  vat: 'IVA',
  gross: 'Totale',
  vatSummary: 'Riepilogo IVA',
  totalNet: 'Totale imponibile',
  totalVat: 'Totale IVA',
  totalDue: 'Totale da pagare',
  totalCredited: 'Totale accreditato',
  payment: 'Pagamento',
  paymentReference: 'Causale di pagamento',
  bankAccount: 'Coordinate bancarie',
  accountHolder: 'Intestatario del conto',
  iban: 'IBAN',
  bic: 'BIC',
  bank: 'Banca',
  payBy: (date) => `Si prega di pagare entro il ${date} indicando la causale.`,
  forRider: (name) => `per il cavaliere ${name}`,
  corrects: (number, date) => `Rettifica la fattura ${number} del ${date}`,
  reason: 'Motivo',
  prizeMoney: 'Premi accreditati in questo concorso',
  prizeMoneyNote:
    'Accreditati sul tuo conto del concorso e regolati tramite esso; non fanno parte degli importi di questa fattura.',
  prizeMoneyTotal: 'Premi in totale',
  reverseCharge: 'Inversione contabile (art. 196 della direttiva 2006/112/CE).',
  vatExempt: 'Operazione esente IVA.',
  zeroRated: 'Operazione ad aliquota zero.',
  intraCommunity: 'Cessione intracomunitaria non imponibile (art. 138 della direttiva 2006/112/CE).',
  exportOutsideEu: "Esportazione fuori dall'UE non imponibile (art. 146 della direttiva 2006/112/CE).",
  outsideScope: 'Operazione fuori campo IVA.',
  categories: {
    AE: 'inversione contabile',
    E: 'esente',
    Z: 'aliquota zero',
    K: 'intracomunitaria',
    G: 'esportazione',
    O: 'fuori campo',
  },
  vatRounding: (number) => `Arrotondamento IVA per aliquota, ${number}`,
  page: (page, pages) => `Pagina ${page} di ${pages}`,
};

const LABELS: Record<Language, InvoiceLabels> = { en, de, pl, fr, it };

/** The labels of a language; an unknown language falls back to the default one. */
export function invoiceLabels(language: string): InvoiceLabels {
  return LABELS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

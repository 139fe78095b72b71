/** The EU's member states (ISO 3166-1 alpha-2; Greece as GR, as IBANs give it, VAT ids' EL aside). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** The European Economic Area: the EU's member states, Iceland, Liechtenstein and Norway. */
export const EEA_COUNTRIES: readonly string[] = [...EU_MEMBER_STATES, 'IS', 'LI', 'NO'];

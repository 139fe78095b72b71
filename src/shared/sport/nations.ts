/*
 * One code per nation, in the form each place needs. The FEI (entry files, start lists sent to
 * it, the results XML) names nations by the three-letter codes of its national federations —
 * the IOC's codes (GER, SUI, NED), not ISO 3166-1 alpha-3 (DEU, CHE, NLD). Paddock's registry,
 * people and addresses use ISO 3166-1 alpha-2 (DE, CH, NL). Most FEI codes are the IOC's; the
 * table also carries the FEI's own members that have no ISO country of their own or whose ISO
 * code is user-assigned (Kosovo: KOS ↔ XK) and the territories the FEI admits as federations
 * (Hong Kong HKG, Chinese Taipei TPE, Puerto Rico PUR, Bermuda BER, Virgin Islands ISV/IVB, …).
 */

/** IOC/FEI nation code → ISO 3166-1 alpha-2. */
const FEI_TO_ISO: Readonly<Record<string, string>> = {
  AFG: 'AF', ALB: 'AL', ALG: 'DZ', AND: 'AD', ANG: 'AO', ANT: 'AG', ARG: 'AR', ARM: 'AM', ARU: 'AW',
  AUS: 'AU', AUT: 'AT', AZE: 'AZ', BAH: 'BS', BAN: 'BD', BAR: 'BB', BDI: 'BI', BEL: 'BE', BEN: 'BJ',
  BER: 'BM', BHU: 'BT', BIH: 'BA', BIZ: 'BZ', BLR: 'BY', BOL: 'BO', BOT: 'BW', BRA: 'BR', BRN: 'BH',
  BRU: 'BN', BUL: 'BG', BUR: 'BF', CAF: 'CF', CAM: 'KH', CAN: 'CA', CAY: 'KY', CGO: 'CG', CHA: 'TD',
  CHI: 'CL', CHN: 'CN', CIV: 'CI', CMR: 'CM', COD: 'CD', COL: 'CO', CPV: 'CV', CRC: 'CR', CRO: 'HR',
  CUB: 'CU', CYP: 'CY', CZE: 'CZ', DEN: 'DK', DJI: 'DJ', DMA: 'DM', DOM: 'DO', ECU: 'EC', EGY: 'EG',
  ERI: 'ER', ESA: 'SV', ESP: 'ES', EST: 'EE', ETH: 'ET', FIJ: 'FJ', FIN: 'FI', FRA: 'FR', GAB: 'GA',
  GAM: 'GM', GBR: 'GB', GEO: 'GE', GER: 'DE', GHA: 'GH', GRE: 'GR', GRN: 'GD', GUA: 'GT', GUI: 'GN',
  GUY: 'GY', HAI: 'HT', HKG: 'HK', HON: 'HN', HUN: 'HU', INA: 'ID', IND: 'IN', IRI: 'IR', IRL: 'IE',
  IRQ: 'IQ', ISL: 'IS', ISR: 'IL', ISV: 'VI', ITA: 'IT', IVB: 'VG', JAM: 'JM', JOR: 'JO', JPN: 'JP',
  KAZ: 'KZ', KEN: 'KE', KGZ: 'KG', KOR: 'KR', KOS: 'XK', KSA: 'SA', KUW: 'KW', LAO: 'LA', LAT: 'LV',
  LBA: 'LY', LBN: 'LB', LCA: 'LC', LES: 'LS', LIE: 'LI', LTU: 'LT', LUX: 'LU', MAD: 'MG', MAR: 'MA',
  MAS: 'MY', MAW: 'MW', MDA: 'MD', MEX: 'MX', MGL: 'MN', MKD: 'MK', MLI: 'ML', MLT: 'MT', MNE: 'ME',
  MON: 'MC', MOZ: 'MZ', MRI: 'MU', MTN: 'MR', MYA: 'MM', NAM: 'NA', NCA: 'NI', NED: 'NL', NEP: 'NP',
  NGR: 'NG', NIG: 'NE', NOR: 'NO', NZL: 'NZ', OMA: 'OM', PAK: 'PK', PAN: 'PA', PAR: 'PY', PER: 'PE',
  PHI: 'PH', PLE: 'PS', PNG: 'PG', POL: 'PL', POR: 'PT', PRK: 'KP', PUR: 'PR', QAT: 'QA', ROU: 'RO',
  RSA: 'ZA', RUS: 'RU', RWA: 'RW', SAM: 'WS', SEN: 'SN', SEY: 'SC', SGP: 'SG', SKN: 'KN', SLE: 'SL',
  SLO: 'SI', SMR: 'SM', SOM: 'SO', SRB: 'RS', SRI: 'LK', SUD: 'SD', SUI: 'CH', SUR: 'SR', SVK: 'SK',
  SWE: 'SE', SWZ: 'SZ', SYR: 'SY', TAN: 'TZ', TGA: 'TO', THA: 'TH', TJK: 'TJ', TKM: 'TM', TOG: 'TG',
  TPE: 'TW', TTO: 'TT', TUN: 'TN', TUR: 'TR', UAE: 'AE', UGA: 'UG', UKR: 'UA', URU: 'UY', USA: 'US',
  UZB: 'UZ', VAN: 'VU', VEN: 'VE', VIE: 'VN', VIN: 'VC', YEM: 'YE', ZAM: 'ZM', ZIM: 'ZW',
};

/** ISO 3166-1 alpha-2 → IOC/FEI nation code (the inverse of the table above, one to one). */
const ISO_TO_FEI: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FEI_TO_ISO).map(([fei, iso]) => [iso, fei]),
);

const normal = (code: string | null | undefined) => code?.trim().toUpperCase() || null;

/** Every IOC/FEI nation code the table knows. */
export const FEI_NATION_CODES: readonly string[] = Object.keys(FEI_TO_ISO);

/**
 * The ISO 3166-1 alpha-2 code of a nation given either way (GER → DE, DE → DE); null for a code
 * the table does not know, so nothing unknown is stored as if it were a country.
 */
export function isoOfNation(code: string | null | undefined): string | null {
  const c = normal(code);
  if (!c) return null;
  if (c.length === 2) return c in ISO_TO_FEI ? c : null;
  return FEI_TO_ISO[c] ?? null;
}

/** The IOC/FEI nation code of a nation given either way (DE → GER, GER → GER); null when unknown. */
export function feiNationOf(code: string | null | undefined): string | null {
  const c = normal(code);
  if (!c) return null;
  if (c.length === 3) return c in FEI_TO_ISO ? c : null;
  return ISO_TO_FEI[c] ?? null;
}

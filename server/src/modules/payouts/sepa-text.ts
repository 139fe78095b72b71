/**
 * Text in a SEPA file (EPC217-08, the SEPA character set): only the Basic Latin letters and
 * digits and `/ - ? : ( ) . , ' +` and the space reach the bank. Names are transliterated
 * (compatibility forms and accents dropped, ß → ss, Ł → L, …), anything else becomes a space; runs of spaces collapse;
 * the result is cut to the field's length. Identifiers also must not start or end with `/` nor
 * hold `//`.
 */

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ĸ: 'k',
  '&': '+',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': "'",
  '”': "'",
  '„': "'",
  '–': '-',
  '—': '-',
  _: '-',
  ';': ',',
  '!': '.',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
};

const ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ]$/;
const COMBINING = /[\u0300-\u036f]/g;

/** The text in the SEPA character set, at most `max` characters (trimmed). */
export function sepaText(text: string, max: number): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const mapped = SPECIAL[char] ?? char.normalize('NFKD').replace(COMBINING, '');
    for (const c of mapped) out += ALLOWED.test(c) ? c : ' ';
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** An identifier (MsgId, EndToEndId): the SEPA set without spaces, no `/` at either end, no `//`. */
export function sepaId(text: string, max = 35): string {
  return sepaText(text, 1000)
    .replace(/ /g, '-')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .slice(0, max);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pdfmake from 'pdfmake';
import { useFastSubsets, type TrueTypeFont } from './font-subset';

/**
 * The fonts of invoice PDFs: Roboto, shipped inside pdfmake (nothing is read from the network).
 * Not the standard Helvetica of report-file.ts: a PDF/A-3 (Factur-X) must embed its fonts, and
 * Helvetica's WinAnsi encoding cannot print Polish (ą, ł, ż …) labels and names.
 *
 * Speed: pdfkit parses a TrueType file anew for every document (fontkit.create), about a third of
 * a 50-line invoice's time. Each font is parsed once here; pdfmake is handed a small marker buffer
 * instead of the file, and a fontkit format registered for exactly those markers returns the parsed
 * font. Every document still embeds its own subset.
 *
 * pdfkit also shapes every word anew in each document (fontkit's OpenType layout, another third):
 * the parsed fonts remember the shaping of the words they have seen. pdfkit scales the positions
 * it gets in place, so each call gets fresh copies; glyphs are the font's own shared objects.
 *
 * And it subsets each font anew for every document through fontkit's slow table encoding: the
 * parsed fonts write their subsets directly (font-subset.ts), the same bytes.
 */

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface Run {
  glyphs: unknown[];
  positions: Position[];
}
interface FontkitFont {
  unitsPerEm: number;
  layout(text: string, ...options: unknown[]): Run;
}
interface FontkitModule {
  create(buffer: Uint8Array): FontkitFont;
  registerFormat(format: unknown): void;
}

/** Distinct words remembered per font before the memory starts over. */
const MAX_WORDS = 50_000;

function rememberLayouts(font: FontkitFont): FontkitFont {
  const shape = font.layout.bind(font);
  const runs = new Map<string, Run>();
  font.layout = (text: string, ...options: unknown[]) => {
    if (options.some((option) => option !== undefined && option !== null)) return shape(text, ...options);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_WORDS) runs.clear();
      run = shape(text);
      runs.set(text, run);
    }
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, position) => width + position.xAdvance, 0);
      },
    };
  };
  return font;
}
/** pdfmake's virtual file system (not in the server's pdfmake.d.ts). */
const { virtualfs } = pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } };

const FILES = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf' } as const;
/** Names in pdfmake's virtual file system; italics are not used and map to the upright faces. */
const VFS = { normal: 'paddock-invoice/Roboto-Regular.ttf', bold: 'paddock-invoice/Roboto-Medium.ttf' };

export const INVOICE_FONT = 'PaddockInvoice';
const FONTS = {
  [INVOICE_FONT]: { normal: VFS.normal, bold: VFS.bold, italics: VFS.normal, bolditalics: VFS.bold },
};

/** The parsed fonts, once registered. */
let parsedFonts: Record<'normal' | 'bold', FontkitFont> | null = null;

function registerParsedFonts(): Record<'normal' | 'bold', FontkitFont> {
  const fromHere = createRequire(import.meta.url);
  const pdfmakeMain = fromHere.resolve('pdfmake');
  // fontkit as pdfkit itself loads it, so the format is registered on the same module instance.
  const pdfkitMain = createRequire(pdfmakeMain).resolve('pdfkit');
  const fontkit = createRequire(pdfkitMain)('fontkit') as FontkitModule;
  const fontDir = new URL('../fonts/Roboto/', pathToFileURL(pdfmakeMain));
  const parsed = new WeakMap<Uint8Array, object>();
  class ParsedFont {
    static probe(buffer: Uint8Array): boolean {
      return parsed.has(buffer);
    }
    constructor(stream: { buffer: Uint8Array }) {
      // A constructor may return another object: `new ParsedFont(…)` yields the parsed font.
      return parsed.get(stream.buffer) as ParsedFont;
    }
  }
  fontkit.registerFormat(ParsedFont);
  const fonts = {} as Record<'normal' | 'bold', FontkitFont>;
  for (const face of ['normal', 'bold'] as const) {
    const marker = Buffer.from(`paddock parsed font: ${face}`);
    const font = fontkit.create(readFileSync(new URL(FILES[face], fontDir)));
    useFastSubsets(font as unknown as TrueTypeFont);
    fonts[face] = rememberLayouts(font);
    parsed.set(marker, fonts[face]);
    virtualfs.writeFileSync(VFS[face], marker);
  }
  return fonts;
}

/**
 * pdfmake is one shared instance (report-file.ts sets its own fonts on it): set ours right before
 * each createPdf, in the same synchronous step, so the printer created there takes them.
 */
export function useInvoiceFonts(): void {
  parsedFonts ??= registerParsedFonts();
  pdfmake.setFonts(FONTS);
  pdfmake.setUrlAccessPolicy(() => false);
  // Fonts come from the virtual file system and images as data URLs: no local file is read.
  pdfmake.setLocalAccessPolicy(() => false);
}

/**
 * The width in points of a text in the invoice font as pdfkit measures it for pdfmake: word by
 * word, each word with the space after it.
 */
export function invoiceTextWidth(text: string, fontSize: number, bold = false): number {
  parsedFonts ??= registerParsedFonts();
  const font = parsedFonts[bold ? 'bold' : 'normal'];
  let units = 0;
  for (const word of text.match(/[^ \t]*[ \t]|[^ \t]+$/g) ?? []) {
    for (const { xAdvance } of font.layout(word).positions) units += xAdvance;
  }
  return (units * fontSize) / font.unitsPerEm;
}

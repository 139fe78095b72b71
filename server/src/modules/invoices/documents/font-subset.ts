/**
 * The TrueType subset pdfkit embeds for a font, written the way fontkit's TTFSubset.encode writes
 * it, byte for byte (the tests compare the two), without its cost. fontkit decodes every glyph
 * it copies and encodes each table value by value through restructure, the hinting programs
 * (fpgm, prep, cvt: 5 KB for Roboto) byte by byte: 2.7 ms per font and document, a tenth of an
 * invoice's time. Here the glyphs' bytes and metrics are read once per font, the constant tables
 * are copied as they are, and the rest is written directly.
 *
 * What fontkit writes: an sfnt directory tagged "true" whose tables (head, hhea, loca, maxp, cvt,
 * prep, glyf, hmtx, fpgm, in this order, unpadded, check sums 0) follow it; head, hhea and maxp
 * as the font has them but for the loca format, the number of metrics and of glyphs.
 */

/** The parts of a fontkit TrueType font used here. */
export interface TrueTypeFont {
  stream: { buffer: Uint8Array };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  loca: { version: number; offsets: number[] };
  _variationProcessor?: unknown;
  /** fontkit's glyphs made so far, by id. */
  _glyphs: Record<number, unknown>;
  getGlyph(id: number): {
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
    _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  };
  createSubset(): FontSubset;
}

/** fontkit's subset: the glyphs a document uses, in the order it asked for them. */
export interface FontSubset {
  glyphs: number[];
  includeGlyph(id: number): number;
  encode(): Uint8Array;
}

interface Glyph {
  bytes: Uint8Array;
  /** A composite glyph's parts: their glyph ids, and where each id is in the bytes. */
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

/** The tables in fontkit's order. */
const TAGS = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;

/** Fast subsets for a TrueType font with fontkit's layout (no variations): false if not such a font. */
export function useFastSubsets(font: TrueTypeFont): boolean {
  const { tables } = font.directory;
  if (font._variationProcessor || !TAGS.every((tag) => tables[tag])) return false;
  const file = font.stream.buffer;
  const table = (tag: string) => {
    const { offset, length } = tables[tag]!;
    return file.subarray(offset, offset + length);
  };
  const constant = { 'cvt ': table('cvt '), prep: table('prep'), fpgm: table('fpgm') };
  const glyf = table('glyf');
  const glyphs = new Map<number, Glyph>();
  const glyphOf = (id: number): Glyph => {
    let glyph = glyphs.get(id);
    if (!glyph) {
      // fontkit keeps each glyph it makes with the characters it was asked for, and pdfkit maps a
      // glyph to those in every document's text map (ToUnicode). A composite glyph's part made
      // here would carry none, and the parsed font is shared by every later document: the part
      // ("z" of "ż") would stand for no text in all of them. One not made before is let go again.
      const made = font._glyphs[id] !== undefined;
      const fontGlyph = font.getGlyph(id);
      const decoded = fontGlyph._decode();
      glyph = {
        bytes: glyf.subarray(font.loca.offsets[id], font.loca.offsets[id + 1]),
        components:
          decoded && decoded.numberOfContours < 0
            ? (decoded.components ?? []).map(({ glyphID, pos }) => ({ glyphID, pos }))
            : null,
        advance: fontGlyph.advanceWidth,
        bearing: fontGlyph._getMetrics().leftBearing,
      };
      if (!made) delete font._glyphs[id];
      glyphs.set(id, glyph);
    }
    return glyph;
  };
  const longOffsets = font.loca.version !== 0;

  function encode(subset: FontSubset): Uint8Array {
    const parts: Uint8Array[] = [];
    const offsets: number[] = [];
    const metrics: number[] = [];
    let offset = 0;
    // subset.glyphs grows while composite glyphs take their parts in.
    for (let i = 0; i < subset.glyphs.length; i++) {
      const glyph = glyphOf(subset.glyphs[i]!);
      let bytes = glyph.bytes;
      if (glyph.components) {
        bytes = new Uint8Array(bytes);
        const view = new DataView(bytes.buffer);
        for (const { glyphID, pos } of glyph.components) view.setUint16(pos, subset.includeGlyph(glyphID));
      }
      parts.push(bytes);
      offsets.push(offset);
      metrics.push(glyph.advance, glyph.bearing);
      offset += bytes.length;
    }
    offsets.push(offset);
    const count = parts.length;

    const head = new Uint8Array(table('head'));
    new DataView(head.buffer).setInt16(50, longOffsets ? 1 : 0); // indexToLocFormat
    const hhea = new Uint8Array(table('hhea'));
    new DataView(hhea.buffer).setUint16(34, count); // numberOfHMetrics
    const maxp = new Uint8Array(table('maxp'));
    new DataView(maxp.buffer).setUint16(4, count); // numGlyphs
    const loca = new Uint8Array(offsets.length * (longOffsets ? 4 : 2));
    const locaView = new DataView(loca.buffer);
    offsets.forEach((at, i) => (longOffsets ? locaView.setUint32(i * 4, at) : locaView.setUint16(i * 2, at >>> 1)));
    const glyphData = new Uint8Array(offset);
    let at = 0;
    for (const part of parts) {
      glyphData.set(part, at);
      at += part.length;
    }
    const hmtx = new Uint8Array(count * 4);
    const hmtxView = new DataView(hmtx.buffer);
    for (let i = 0; i < count; i++) {
      hmtxView.setUint16(i * 4, metrics[i * 2]!);
      hmtxView.setInt16(i * 4 + 2, metrics[i * 2 + 1]!);
    }
    const data: Record<(typeof TAGS)[number], Uint8Array> = {
      head,
      hhea,
      loca,
      maxp,
      ...constant,
      glyf: glyphData,
      hmtx,
    };

    const directorySize = 12 + 16 * TAGS.length;
    const size = TAGS.reduce((sum, tag) => sum + data[tag].length, directorySize);
    const out = new Uint8Array(size);
    const view = new DataView(out.buffer);
    const power = 2 ** Math.floor(Math.log2(TAGS.length));
    out.set([0x74, 0x72, 0x75, 0x65]); // "true"
    view.setUint16(4, TAGS.length);
    view.setUint16(6, power * 16); // searchRange
    view.setUint16(8, Math.log2(power)); // entrySelector
    view.setUint16(10, TAGS.length * 16 - power * 16); // rangeShift
    let tableOffset = directorySize;
    TAGS.forEach((tag, i) => {
      const entry = 12 + i * 16;
      for (let c = 0; c < 4; c++) out[entry + c] = tag.charCodeAt(c);
      view.setUint32(entry + 4, 0); // checkSum: fontkit leaves it 0
      view.setUint32(entry + 8, tableOffset);
      view.setUint32(entry + 12, data[tag].length);
      out.set(data[tag], tableOffset);
      tableOffset += data[tag].length;
    });
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset.encode = () => encode(subset);
    return subset;
  };
  return true;
}

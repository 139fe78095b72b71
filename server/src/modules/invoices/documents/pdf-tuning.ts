import { createRequire } from 'node:module';

/**
 * Changes to how pdfkit 0.19 and pdfmake 0.3 do their work, not to what they write: the same
 * bytes (the tests render an invoice with and without them). Made on first use, for every
 * pdfmake and pdfkit document of the process from then on (report-file.ts's too).
 *
 * - pdfkit writes each drawing operator into a page's content stream as a Buffer of its own, and
 *   pdfmake draws every word with some sixteen (colour, opacity, text position, font …): 13,000
 *   small Buffers for a 50-line invoice, joined when the page ends. A page keeps its operators as
 *   text here and makes one Buffer of them when it ends, or before anything else is written.
 * - pdfmake looks each of some twenty style properties of every word up through its style stack,
 *   pushing the word on the stack and making a closure for each look-up. Here the same search
 *   (the word, then its named styles, then the stack) without the push and the closure.
 */

interface PdfKitPage {
  content: { write(chunk: Uint8Array): void };
  end(): unknown;
  write(chunk: string | Uint8Array): unknown;
  /** Operators not written to the content stream yet. */
  _operators?: string[];
}
type PdfKitConstructor = new (options: object) => { page: PdfKitPage };

type Style = Record<string, unknown> & { extends?: string | string[] };
interface StyleStack {
  styleDictionary: Record<string, Style | undefined>;
  defaultStyle?: Record<string, unknown>;
  styleOverrides?: (string | Record<string, unknown>)[];
  getProperty(property: string): unknown;
}
interface StyleStackClass {
  prototype: StyleStack;
  getStyleProperty(item: unknown, stack: StyleStack | null, property: string, defaultValue: unknown): unknown;
}

const isValue = (value: unknown) => value !== undefined && value !== null;
/** pdfmake's isString: a string, or a String object. */
const isString = (value: unknown) => typeof value === 'string' || value instanceof String;

/** pdfkit's pages keep their operators as text until they end. Returns the undoing. */
function bufferPageOperators(PDFDocument: PdfKitConstructor): () => void {
  const page = Object.getPrototypeOf(new PDFDocument({ autoFirstPage: true }).page) as PdfKitPage;
  const { write, end } = page;
  // pdfkit writes a text operator as `${operator}\n` in latin1 ("binary"): the same here, joined.
  const flush = (self: PdfKitPage) => {
    const operators = self._operators;
    if (operators?.length) {
      self.content.write(Buffer.from(`${operators.join('\n')}\n`, 'binary'));
      operators.length = 0;
    }
  };
  page.write = function (this: PdfKitPage, chunk: string | Uint8Array) {
    if (typeof chunk === 'string') {
      (this._operators ??= []).push(chunk);
      return;
    }
    flush(this);
    return this.content.write(chunk);
  };
  page.end = function (this: PdfKitPage) {
    flush(this);
    return end.call(this);
  };
  return () => Object.assign(page, { write, end });
}

/** A named style's property, through the styles it extends (pdfmake's getStylePropertyFromStyle). */
function styleProperty(
  styles: Record<string, Style | undefined>,
  name: string,
  property: string,
  visited?: Set<string>,
): unknown {
  if (visited) {
    if (visited.has(name)) return undefined;
    visited.add(name);
  }
  const style = styles[name];
  if (!style) return undefined;
  if (isValue(style[property])) return style[property];
  if (style.extends) {
    const seen = visited ?? new Set([name]);
    const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
    for (let i = parents.length - 1; i >= 0; i--) {
      const value = styleProperty(styles, parents[i]!, property, seen);
      if (isValue(value)) return value;
    }
  }
  return undefined;
}

/** An entry of the style stack: a style's name or an object of properties. */
function entryProperty(stack: StyleStack, entry: unknown, property: string): unknown {
  return isString(entry)
    ? styleProperty(stack.styleDictionary, String(entry), property)
    : (entry as Record<string, unknown>)[property];
}

/** pdfmake's style look-ups, the same search without pushing on the stack. Returns the undoing. */
function directStyleLookups(StyleContextStack: StyleStackClass): () => void {
  const { getProperty } = StyleContextStack.prototype;
  const { getStyleProperty } = StyleContextStack;
  StyleContextStack.prototype.getProperty = function (this: StyleStack, property: string) {
    const overrides = this.styleOverrides;
    if (overrides) {
      for (let i = overrides.length - 1; i >= 0; i--) {
        const value = entryProperty(this, overrides[i], property);
        if (isValue(value)) return value;
      }
    }
    return this.defaultStyle && this.defaultStyle[property];
  };
  // pdfmake pushes the item (its named styles, then itself: not a string, nor a section) and
  // searches the stack from the top. The item's own property is looked at first anyway.
  StyleContextStack.getStyleProperty = (item, stack, property, defaultValue) => {
    const node = item as Record<string, unknown>;
    if (isValue(node[property])) return node[property];
    if (!stack) return defaultValue;
    let value: unknown;
    if (!isString(item) && node.section === undefined && node.style) {
      const names = Array.isArray(node.style) ? (node.style as unknown[]) : [node.style];
      for (let i = names.length - 1; i >= 0 && !isValue(value); i--) value = entryProperty(stack, names[i], property);
    }
    if (!isValue(value)) value = stack.getProperty(property);
    return isValue(value) ? value : defaultValue;
  };
  return () => {
    StyleContextStack.prototype.getProperty = getProperty;
    StyleContextStack.getStyleProperty = getStyleProperty;
  };
}

/** Undoes the changes while they are made. */
let undo: (() => void) | null = null;
let made = false;

/** Makes or undoes the changes (the tests compare the bytes written with and without them). */
export function setPdfTuning(on: boolean): void {
  made = true;
  if (on && !undo) {
    // pdfkit and pdfmake's style stack as pdfmake loads them.
    const pdfmakeMain = createRequire(import.meta.url).resolve('pdfmake');
    const fromPdfmake = createRequire(pdfmakeMain);
    const undoPages = bufferPageOperators(fromPdfmake('pdfkit') as PdfKitConstructor);
    const undoStyles = directStyleLookups((fromPdfmake('./StyleContextStack') as { default: StyleStackClass }).default);
    undo = () => {
      undoPages();
      undoStyles();
    };
  } else if (!on && undo) {
    undo();
    undo = null;
  }
}

/** Makes the changes the first time a document is made (not again if the tests undid them). */
export function tunePdfMaking(): void {
  if (!made) setPdfTuning(true);
}

/**
 * The UBL → CII conversion of @e-invoice-eu/core (FormatCIIService.convert) with its JSONPath
 * look-ups done directly. The library walks its transformation table with jsonpath-plus,
 * parsing and evaluating a path string for every field of every line: a sixth of an
 * e-invoice's time. Its paths are plain (`$.a.b[2].c`, keys like `cbc:ID@schemeID`), so a
 * property walk finds the same values. Same table, same order, same result: the tests compare
 * the XML with the library's own.
 */

interface Transformation {
  type: 'object' | 'array' | 'string';
  src: string[];
  dest: string[];
  children?: Transformation[];
  fxProfileMask: number;
}

/** The library's conversion service, as far as convert uses it. */
interface CiiService {
  fxProfile: number;
  applySubPaths(path: string, subPaths: string[]): string;
  vivifyDest(dest: object, path: string, value: unknown): void;
  renderValue(value: unknown, transformation: Transformation): unknown;
  convert(invoice: object, srcPath: string, dest: object, destPath: string, transformations: Transformation[]): void;
}

/** The library's FX_MINIMUM profile bit: MINIMUM keeps the delivery group empty. */
const FX_MINIMUM = 0x20;

const segmentsOf = new Map<string, string[]>();

/** The value at a `$.key[0].key` path, or undefined (where JSONPath finds nothing). */
function lookup(root: unknown, path: string): unknown {
  let segments = segmentsOf.get(path);
  if (!segments) {
    segments = path
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .slice(1);
    if (segmentsOf.size > 100_000) segmentsOf.clear();
    segmentsOf.set(path, segments);
  }
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function convert(
  this: CiiService,
  invoice: object,
  srcPath: string,
  dest: object,
  destPath: string,
  transformations: Transformation[],
): void {
  for (const transformation of transformations) {
    if (!(this.fxProfile & transformation.fxProfileMask)) continue;
    const lastSrcKey = transformation.src[transformation.src.length - 1];
    const lastDest = transformation.dest[transformation.dest.length - 1];
    let src: unknown;
    let childSrcPath: string;
    if (lastSrcKey?.startsWith('fixed:') && lastDest?.includes('@')) {
      // A fixed attribute value (a date's format 102, a scheme): only where its element is.
      const parentPath = this.applySubPaths(destPath, [
        ...transformation.dest.slice(0, -1),
        lastDest.replace(/@.+/, ''),
      ]);
      if (lookup(dest, parentPath) === undefined) continue;
      src = lastSrcKey.substring(6);
      childSrcPath = srcPath;
    } else {
      childSrcPath = this.applySubPaths(srcPath, transformation.src);
      src = lookup(invoice, childSrcPath);
      if (src === undefined) continue;
    }
    const childDestPath = this.applySubPaths(destPath, transformation.dest);
    const children = transformation.children ?? [];
    switch (transformation.type) {
      case 'object':
        if (
          !children.length ||
          (transformation.dest[0] === 'ram:ApplicableHeaderTradeDelivery' && this.fxProfile === FX_MINIMUM)
        ) {
          this.vivifyDest(dest, childDestPath, {});
        } else this.convert(invoice, childSrcPath, dest, childDestPath, children);
        break;
      case 'array':
        for (let i = 0; i < (src as unknown[]).length; ++i) {
          const arrayDestPath = transformation.dest.length ? `${childDestPath}[${i}]` : childDestPath;
          this.convert(invoice, `${childSrcPath}[${i}]`, dest, arrayDestPath, children);
        }
        break;
      case 'string':
        this.vivifyDest(dest, childDestPath, this.renderValue(src, transformation));
        break;
    }
  }
}

/** Gives a CII (or Factur-X) format service of the library the direct look-ups. */
export function useDirectLookups(service: object): void {
  (service as CiiService).convert = convert;
}

/**
 * The UBL → CII conversion of @e-invoice-eu/core (FormatCIIService.convert) with its paths kept
 * as lists of keys and indices. The library builds a path string (`$.a.b[2].c`) for every field
 * of every line, evaluates it with jsonpath-plus to read the value, and parses it again with
 * regular expressions to write it: two thirds of an e-invoice's time. Its paths are plain (keys
 * like `cbc:ID@schemeID`, indices, `..` for the parent), so a walk over the same keys finds and
 * makes the same values. Same table, same order, same result: the tests compare the XML with
 * the library's own.
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
  renderValue(value: unknown, transformation: Transformation): unknown;
  convert(invoice: object, srcPath: string, dest: object, destPath: string, transformations: Transformation[]): void;
}

/** A path below the root (`$`): keys and array indices. */
type Path = (string | number)[];

/** The library's FX_MINIMUM profile bit: MINIMUM keeps the delivery group empty. */
const FX_MINIMUM = 0x20;

const stepsOf = new Map<string, Path>();
/** One step of a table path (`cbc:ID`, `cac:PaymentMeans[0]`) as keys and indices. */
function steps(subPath: string): Path {
  let path = stepsOf.get(subPath);
  if (!path) {
    path = subPath
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((key, i) => (i > 0 && /^\d+$/.test(key) ? Number(key) : key));
    stepsOf.set(subPath, path);
  }
  return path;
}

/** The library's applySubPaths: `..` goes up a step (a key or an index), `@x` names an attribute. */
function extend(path: Path, subPaths: string[]): Path {
  const result = path.slice();
  for (const subPath of subPaths) {
    if (subPath === '..') result.pop();
    else if (subPath.startsWith('@')) {
      // `a.b[2]` + `@x` is `a.b@x[2]`: the attribute goes on the key before the index.
      const at = typeof result[result.length - 1] === 'number' ? result.length - 2 : result.length - 1;
      if (at >= 0) result[at] = `${result[at]}${subPath}`;
    } else result.push(...steps(subPath));
  }
  return result;
}

/** The value at a path, or undefined (where JSONPath finds nothing). */
function lookup(root: unknown, path: Path): unknown {
  let node = root;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

/** The library's vivifyDest: the value at the path, with the objects and arrays on the way. */
function vivify(dest: object, path: Path, value: unknown): void {
  let node = dest as Record<string | number, unknown>;
  const last = path.length - 1;
  for (let i = 0; i < last; i++) {
    const step = path[i]!;
    node[step] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[step] as Record<string | number, unknown>;
  }
  node[path[last]!] = value;
}

function convertAt(
  service: CiiService,
  invoice: object,
  srcPath: Path,
  dest: object,
  destPath: Path,
  transformations: Transformation[],
): void {
  for (const transformation of transformations) {
    if (!(service.fxProfile & transformation.fxProfileMask)) continue;
    const lastSrcKey = transformation.src[transformation.src.length - 1];
    const lastDest = transformation.dest[transformation.dest.length - 1];
    let src: unknown;
    let childSrcPath: Path;
    if (lastSrcKey?.startsWith('fixed:') && lastDest?.includes('@')) {
      // A fixed attribute value (a date's format 102, a scheme): only where its element is.
      const parentPath = extend(destPath, [...transformation.dest.slice(0, -1), lastDest.replace(/@.+/, '')]);
      if (lookup(dest, parentPath) === undefined) continue;
      src = lastSrcKey.substring(6);
      childSrcPath = srcPath;
    } else {
      childSrcPath = extend(srcPath, transformation.src);
      src = lookup(invoice, childSrcPath);
      if (src === undefined) continue;
    }
    const childDestPath = extend(destPath, transformation.dest);
    const children = transformation.children ?? [];
    switch (transformation.type) {
      case 'object':
        if (
          !children.length ||
          (transformation.dest[0] === 'ram:ApplicableHeaderTradeDelivery' && service.fxProfile === FX_MINIMUM)
        ) {
          vivify(dest, childDestPath, {});
        } else convertAt(service, invoice, childSrcPath, dest, childDestPath, children);
        break;
      case 'array':
        for (let i = 0; i < (src as unknown[]).length; ++i) {
          const arrayDestPath = transformation.dest.length ? [...childDestPath, i] : childDestPath;
          convertAt(service, invoice, [...childSrcPath, i], dest, arrayDestPath, children);
        }
        break;
      case 'string':
        vivify(dest, childDestPath, service.renderValue(src, transformation));
        break;
    }
  }
}

/** The library calls it with the root paths (`$`). */
function convert(
  this: CiiService,
  invoice: object,
  srcPath: string,
  dest: object,
  destPath: string,
  transformations: Transformation[],
): void {
  if (srcPath !== '$' || destPath !== '$') throw new Error(`CII conversion from ${srcPath} to ${destPath}`);
  convertAt(this, invoice, [], dest, [], transformations);
}

/** Gives a CII (or Factur-X) format service of the library the direct look-ups. */
export function useDirectLookups(service: object): void {
  (service as CiiService).convert = convert;
}

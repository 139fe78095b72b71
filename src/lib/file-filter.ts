/**
 * File name filters for uploads: glob patterns separated by commas or semicolons,
 * e.g. `*.xml` or `*.csv; *.xlsx`. Matching ignores case.
 */
export function matchesFileFilter(fileName: string, filter: string): boolean {
  const patterns = filter
    .split(/[,;]/)
    .map((pattern) => pattern.trim())
    .filter(Boolean);
  if (!patterns.length) return true;
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    return new RegExp(`^${source}$`, 'i').test(fileName);
  });
}

/** The `accept` attribute for a filter made of extensions (`*.xml` → `.xml`), else undefined. */
export function acceptFromFilter(filter: string | undefined): string | undefined {
  if (!filter) return undefined;
  const extensions = filter
    .split(/[,;]/)
    .map((pattern) => pattern.trim())
    .filter((pattern) => /^\*\.[\w-]+$/.test(pattern))
    .map((pattern) => pattern.slice(1));
  return extensions.length ? extensions.join(',') : undefined;
}

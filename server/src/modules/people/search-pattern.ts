/** `%q%` for ILIKE, with the wildcards of user input escaped. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

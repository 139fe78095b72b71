/** Type-ahead pickers: how long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Filters of a list: how long typing pauses before the list asks the server again. */
export const FILTER_DEBOUNCE_MS = 400;

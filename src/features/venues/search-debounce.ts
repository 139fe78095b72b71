/** How long typing pauses before a search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

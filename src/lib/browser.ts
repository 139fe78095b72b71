/**
 * The few page-level side effects the app performs, behind one object so tests can observe
 * them (jsdom cannot navigate).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Full page load of `url`: drops every in-memory state. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

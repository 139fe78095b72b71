export interface PathEntry {
  /** react-router pattern; `:name?` is an optional segment. */
  path: string;
  /** Key in the `routes` namespace: page title and breadcrumb. */
  label: string;
  /** A rider on a whitelabeled domain may stay here (spec §4). */
  whitelabelSafe?: boolean;
  /**
   * The page this one belongs under in the breadcrumbs when its URL does not nest there
   * (the admin's pages all sit at the root). A key of PATHS without parameters.
   */
  parent?: string;
}

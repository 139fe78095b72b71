import type { QueryClient } from '@tanstack/react-query';

/** After a posting: every transaction list and every balance may have changed. */
export function invalidateLedger(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['transactions'] });
  void client.invalidateQueries({ queryKey: ['balances'] });
}

/** React Query keys of the merchant feature. */
export const merchantKeys = {
  venues: ['merchant', 'venues'] as const,
  riders: (venue: number, search: string) => ['merchant', 'riders', venue, search] as const,
  sales: (merchant: number, day: string | null) => ['merchant', merchant, 'sales', day] as const,
  allSales: (merchant: number) => ['merchant', merchant, 'sales'] as const,
  fees: (merchant: number, venue: number | null) => ['merchant', merchant, 'fees', venue] as const,
};

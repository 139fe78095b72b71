/** React Query keys of the payouts feature: everything starts with `['payouts']`. */
export const payoutKeys = {
  all: ['payouts'] as const,
  due: (venue: number) => ['payouts', 'due', venue] as const,
  batches: (venue: number) => ['payouts', 'batches', venue] as const,
};

/** React Query keys of the compensation feature: everything starts with `['compensation']`. */
export const compensationKeys = {
  all: ['compensation'] as const,
  official: (officialId: number) => ['compensation', 'official', officialId] as const,
};

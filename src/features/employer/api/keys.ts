/** React Query keys of the employer feature. */
export const employerKeys = {
  employees: (employer: number) => ['employer', employer, 'employees'] as const,
};

import { z } from 'zod';

/** The response schema of a DELETE: 204 without a body. */
export const noContent = { 204: z.null().describe('No content') };

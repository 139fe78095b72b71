import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Employment, employmentStatus } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type EmploymentStatus = z.infer<typeof employmentStatus>;

export interface RiderEmployment {
  status: EmploymentStatus;
  history: Employment[];
}

/**
 * GET /api/v1/rider/employmentStatus/?rider= and GET /api/v1/rider/employmentHistory/?rider=:
 * the page shows both, so they load (and refresh) together.
 */
export async function getEmployment(rider: number): Promise<RiderEmployment> {
  requireParams({ rider });
  const [status, history] = await Promise.all([
    api.get<EmploymentStatus>('rider/employmentStatus/', { params: { rider } }),
    api.get<{ results: Employment[] }>('rider/employmentHistory/', { params: { rider } }),
  ]);
  return { status, history: history.results };
}

export function useRiderEmployment(rider: number) {
  return useQuery({ queryKey: riderKeys.employment(rider), queryFn: () => getEmployment(rider) });
}

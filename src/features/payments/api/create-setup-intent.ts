import type { SetupIntent } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/** POST /api/v1/user/{id}/create_stripe_setup_intent/ (spec §7): an intent to save a card with. */
export function createSetupIntent(user: number | null): Promise<SetupIntent> {
  requireParams({ data: user });
  return api.post<SetupIntent>(`user/${user}/create_stripe_setup_intent/`);
}

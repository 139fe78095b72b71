import { CreatePayment } from '@/features/payments/components/create-payment';
import { PAYING_PARTY_TYPES, type PayingPartyType } from '@shared/schemas/payments';
import { useAppStore } from '@/lib/store';
import { SectionPage } from '../portal/section-page';

const paying = (type: string): type is PayingPartyType => (PAYING_PARTY_TYPES as readonly string[]).includes(type);

/** createPayment: the signed-in rider, employer, official or simple user pays what they owe. */
export function CreatePaymentRoute() {
  const user = useAppStore((state) => state.user?.id ?? null);
  return (
    <SectionPage>
      {(owner) =>
        user !== null && paying(owner.type) ? (
          <CreatePayment payer={{ type: owner.type, id: owner.id }} user={user} />
        ) : null
      }
    </SectionPage>
  );
}

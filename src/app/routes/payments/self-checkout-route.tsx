import { useParams } from 'react-router-dom';
import { SelfCheckout } from '@/features/payments/components/self-checkout';
import { useAppStore } from '@/lib/store';
import { SectionPage } from '../portal/section-page';

const idOf = (raw: string | undefined) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** shows/:riderId/:venueId/selfCheckout: the rider's statement of one show, and paying the rest. */
export function SelfCheckoutRoute() {
  const params = useParams();
  const user = useAppStore((state) => state.user?.id ?? null);
  const rider = idOf(params.riderId);
  const venue = idOf(params.venueId);
  return (
    <SectionPage>
      {() =>
        rider !== null && venue !== null && user !== null && <SelfCheckout rider={rider} venue={venue} user={user} />
      }
    </SectionPage>
  );
}

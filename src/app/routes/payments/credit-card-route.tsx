import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/owner/api/profile';
import { CreditCards } from '@/features/payments/components/credit-cards';
import type { Owner } from '@/lib/owner-scope';
import { useAppStore } from '@/lib/store';
import { SectionPage } from '../portal/section-page';

/** A managed person's cards (an admin's view): the cards of the user behind the profile. */
function ManagedCards({ owner }: { owner: Owner }) {
  const { t } = useTranslation('payments');
  const profile = useProfile(owner);
  if (profile.isPending) return <Skeleton height={96} />;
  const user = (profile.data as { user?: number | null } | undefined)?.user ?? null;
  if (user === null) return <Alert color="yellow">{t('cards.noUser')}</Alert>;
  return <CreditCards user={user} />;
}

/** creditCard: one's own saved cards, or (admin) those of the person whose pages these are. */
export function CreditCardRoute() {
  const user = useAppStore((state) => state.user?.id ?? null);
  return (
    <SectionPage>
      {(owner) => (owner.managed ? <ManagedCards owner={owner} /> : <CreditCards user={user} />)}
    </SectionPage>
  );
}

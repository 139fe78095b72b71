import { EvclFees } from '@/features/merchant/components/evcl-fees';
import { SaleForm } from '@/features/merchant/components/sale-form';
import { SalesList } from '@/features/merchant/components/sales-list';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { SectionPage } from '../portal/section-page';

/** A sale, posted to the ledger with the ledger's Idempotency-Key per submission. */
export function MerchantAddTransactionRoute() {
  const idempotency = useIdempotencyKey();
  return <SectionPage>{(owner) => <SaleForm merchant={owner.id} idempotency={idempotency} />}</SectionPage>;
}

export function MerchantListTransactionsRoute() {
  return <SectionPage>{(owner) => <SalesList merchant={owner.id} />}</SectionPage>;
}

export function EvclFeesRoute() {
  return <SectionPage>{(owner) => <EvclFees merchant={owner.id} />}</SectionPage>;
}

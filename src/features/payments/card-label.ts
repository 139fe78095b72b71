import type { SavedCard } from '@shared/schemas/payments';

/** "Visa" for the provider's `visa`, "Mastercard" for `mastercard`, … */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
    discover: 'Discover',
    cartes_bancaires: 'Cartes Bancaires',
  };
  return names[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');
}

/** "Visa •••• 4242" */
export function cardName(card: { brand: string; last4: string }): string {
  return `${brandName(card.brand)} •••• ${card.last4}`;
}

/** "12/2030" */
export function cardExpiry(card: Pick<SavedCard, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

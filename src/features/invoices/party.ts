import { INVOICED_PARTY_TYPES } from '@shared/schemas/invoices';

export type InvoicedPartyType = (typeof INVOICED_PARTY_TYPES)[number];

/** Whose invoices a list shows. */
export interface PartyRef {
  type: InvoicedPartyType;
  id: number;
}

/** Does a party of this type get invoices (merchants are paid out, not invoiced)? */
export function isInvoicedParty(type: string): type is InvoicedPartyType {
  return (INVOICED_PARTY_TYPES as readonly string[]).includes(type);
}

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** A show: what every screen needs, its invoicing details and its set-up. */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    feiId: text('fei_id'),
    city: text('city'),
    country: text('country'),
    currency: text('currency').notNull().default('EUR'),
    currencyDisplay: text('currency_display').notNull().default('€'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    timeZone: text('time_zone').notNull().default('Europe/Berlin'),
    whitelabelDomain: text('whitelabel_domain'),
    whitelabelLogoUrl: text('whitelabel_logo_url'),
    headNumberFrom: integer('head_number_from'),
    headNumberTo: integer('head_number_to'),
    /** Riders may settle their balance themselves (rider shows: selfCheckout). */
    selfCheckout: boolean('self_checkout').notNull().default(false),
    /** Prices are entered gross (tax included) or net; rounding per line (DOMAIN.md "Tax"). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /**
     * The largest single entry (gross, minor units) the venue accepts; an office entry above a
     * tenth of it asks for confirmation. 1..MAX_ENTRY_MINOR (src/shared/ledger.ts).
     */
    maxEntryMinor: bigint('max_entry_minor', { mode: 'number' }).notNull().default(1_000_000),
    /**
     * The seller on its invoices (EN 16931 BG-4 to BG-6, with the city and country above):
     * legal name, street address, postal code, VAT id or tax number, the electronic address
     * invoices come from (e-mail), and a contact by name, phone and e-mail (XRechnung requires
     * the contact: BR-DE-2, BR-DE-5 to BR-DE-7).
     */
    legalName: text('legal_name'),
    address: text('address'),
    postalCode: text('postal_code'),
    vatId: text('vat_id'),
    taxNumber: text('tax_number'),
    /** BT-30: the register and number the seller is entered under (commercial or association register). */
    legalRegistrationId: text('legal_registration_id'),
    invoiceEmail: text('invoice_email'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** Days from an invoice's date to its due date. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(14),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('venues_fei_id_key').on(t.feiId),
    uniqueIndex('venues_whitelabel_domain_key').on(sql`lower(${t.whitelabelDomain})`),
    check('venues_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('venues_dates_check', sql`${t.endDate} IS NULL OR ${t.startDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check(
      'venues_head_numbers_check',
      sql`${t.headNumberFrom} IS NULL OR ${t.headNumberTo} IS NULL OR ${t.headNumberTo} >= ${t.headNumberFrom}`,
    ),
    check('venues_invoice_due_days_check', sql`${t.invoiceDueDays} BETWEEN 0 AND 365`),
    check('venues_max_entry_check', sql`${t.maxEntryMinor} BETWEEN 1 AND 100000000000`),
  ],
);

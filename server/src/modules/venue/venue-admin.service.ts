import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@shared/errors';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import { definedOnly } from '../configuration/patch-body';
import { violatedUniqueIndex } from '../configuration/pg-errors';
import { assertManagesVenue } from './venue-access';
import { toVenueDetail } from './venue-detail';
import { createVenueRepo, type NewVenue, type VenueRow } from './venue.repo';

export interface VenueFields {
  name?: string;
  fei_id?: string | null;
  city?: string | null;
  country?: string | null;
  currency?: string;
  currencyDisplay?: string;
  start_date?: string | null;
  end_date?: string | null;
  time_zone?: string;
  whitelabel_domain?: string | null;
  head_number_from?: number | null;
  head_number_to?: number | null;
  self_checkout?: boolean;
  prices_include_tax?: boolean;
  max_entry_minor?: number;
  legal_name?: string | null;
  address?: string | null;
  postal_code?: string | null;
  vat_id?: string | null;
  tax_number?: string | null;
  legal_registration_id?: string | null;
  invoice_email?: string | null;
  contact_name?: string | null;
  contact_phone?: string | null;
  contact_email?: string | null;
}

const columnsOf = (input: VenueFields): Partial<NewVenue> =>
  definedOnly({
    name: input.name,
    feiId: input.fei_id,
    city: input.city,
    country: input.country,
    currency: input.currency,
    currencyDisplay: input.currencyDisplay,
    startDate: input.start_date,
    endDate: input.end_date,
    timeZone: input.time_zone,
    whitelabelDomain: input.whitelabel_domain,
    headNumberFrom: input.head_number_from,
    headNumberTo: input.head_number_to,
    selfCheckout: input.self_checkout,
    pricesIncludeTax: input.prices_include_tax,
    maxEntryMinor: input.max_entry_minor,
    legalName: input.legal_name,
    address: input.address,
    postalCode: input.postal_code,
    vatId: input.vat_id,
    taxNumber: input.tax_number,
    legalRegistrationId: input.legal_registration_id,
    invoiceEmail: input.invoice_email,
    contactName: input.contact_name,
    contactPhone: input.contact_phone,
    contactEmail: input.contact_email,
  });

/** Rules across fields, on the venue as it will be after the write. */
function crossFieldErrors(v: Partial<NewVenue>): FieldErrors {
  const fields: FieldErrors = {};
  if (v.headNumberFrom != null && v.headNumberTo != null && v.headNumberTo < v.headNumberFrom) {
    fields.head_number_to = ['too_small'];
  }
  if (v.startDate && v.endDate && v.endDate < v.startDate) fields.end_date = ['too_small'];
  return fields;
}

const UNIQUE_FIELDS: Record<string, string> = {
  venues_fei_id_key: 'fei_id',
  venues_whitelabel_domain_key: 'whitelabel_domain',
};

function duplicateField(err: unknown): never {
  const index = violatedUniqueIndex(err);
  if (index !== undefined) {
    throw new AppError('validation', { fields: { [UNIQUE_FIELDS[index] ?? '__all__']: ['duplicate'] } });
  }
  throw err;
}

/** Admins create venues; admins and a venue's own organizer edit it (the organizer only its own). */
const ADMIN_ONLY_FIELDS = ['max_entry_minor', 'whitelabel_domain'] as const;

export function createVenueAdminService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);

  async function check(next: Partial<NewVenue>, exceptId: number | null): Promise<void> {
    const fields = crossFieldErrors(next);
    const taken = await venues.taken(next, exceptId);
    if (taken.feiId) fields.fei_id = ['duplicate'];
    if (taken.whitelabelDomain) fields.whitelabel_domain = ['duplicate'];
    if (Object.keys(fields).length) throw new AppError('validation', { fields });
  }

  return {
    async create(request: FastifyRequest, input: VenueFields & { name: string }): Promise<VenueDetail> {
      const columns = columnsOf(input);
      await check(columns, null);
      const row = await ctx.db
        .transaction(async (tx) => {
          const created = await venues.insert(columns as NewVenue, tx);
          await ctx.audit.record(request, { action: 'venue.create', details: { venue: created.id, ...input } }, tx);
          return created;
        })
        .catch(duplicateField);
      return toVenueDetail(row);
    },

    async update(request: FastifyRequest, id: number, patch: VenueFields): Promise<VenueDetail> {
      const current = await venues.findById(id);
      if (!current) throw new AppError('not_found');
      const user = sessionOf(request);
      assertManagesVenue(user, id);
      // The show office sets up its own show, but not the limits the federation sets for it: the
      // largest single entry (a safeguard against a mistyped amount) and the domain the venue is
      // served under (a name on the service's own certificate).
      const changes = (field: (typeof ADMIN_ONLY_FIELDS)[number]) =>
        patch[field] !== undefined &&
        patch[field] !== (field === 'max_entry_minor' ? current.maxEntryMinor : current.whitelabelDomain);
      if (!user.roles.includes('admin') && ADMIN_ONLY_FIELDS.some(changes)) throw new AppError('forbidden');
      const columns = columnsOf(patch);
      await check({ ...current, ...columns }, id);
      const row = await ctx.db
        .transaction(async (tx) => {
          const updated: VenueRow | undefined = await venues.update(id, columns, tx);
          if (!updated) throw new AppError('not_found');
          await ctx.audit.record(request, { action: 'venue.update', details: { venue: id, ...patch } }, tx);
          return updated;
        })
        .catch(duplicateField);
      return toVenueDetail(row);
    },
  };
}

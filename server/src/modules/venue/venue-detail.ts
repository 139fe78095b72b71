import type { VenueDetail } from '@shared/schemas/venue-setup';
import type { VenueRow } from './venue.repo';

export const toVenueDetail = (v: VenueRow): VenueDetail => ({
  id: v.id,
  name: v.name,
  fei_id: v.feiId,
  city: v.city,
  country: v.country,
  currency: v.currency,
  currencyDisplay: v.currencyDisplay,
  start_date: v.startDate,
  end_date: v.endDate,
  time_zone: v.timeZone,
  whitelabel_domain: v.whitelabelDomain,
  whitelabel_logo_url: v.whitelabelLogoUrl,
  head_number_from: v.headNumberFrom,
  head_number_to: v.headNumberTo,
  self_checkout: v.selfCheckout,
  prices_include_tax: v.pricesIncludeTax,
  max_entry_minor: v.maxEntryMinor,
});

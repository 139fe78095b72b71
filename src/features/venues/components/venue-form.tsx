import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { venueInput, type VenueDetail, type VenueInput } from '@shared/schemas/venue-setup';
import { FormErrorList } from '@/lib/components/form-error-list';
import { schemaValidator, translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateVenue } from '../api/create-venue';
import { useUpdateVenue } from '../api/update-venue';

export interface CountryOption {
  code: string;
  name: string;
}

export interface CurrencyOption {
  code: string;
  name: string;
  symbol: string;
}

interface VenueValues {
  name: string;
  fei_id: string;
  city: string;
  country: string | null;
  currency: string | null;
  currencyDisplay: string;
  start_date: string;
  end_date: string;
  time_zone: string;
}

const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const checkSchema = schemaValidator<VenueInput>(venueInput);

function toInput(values: VenueValues): VenueInput {
  return {
    name: values.name,
    fei_id: values.fei_id.trim() || null,
    city: values.city.trim() || null,
    country: values.country ?? '',
    currency: values.currency ?? '',
    currencyDisplay: values.currencyDisplay,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    time_zone: values.time_zone,
  };
}

function validate(values: VenueValues): Record<string, string> {
  const errors = checkSchema(toInput(values));
  if (values.start_date && values.end_date && values.end_date < values.start_date) {
    errors.end_date = translateFieldError('invalid_date');
  }
  return errors;
}

interface VenueFormProps {
  /** The venue to edit; none for a new one. */
  venue?: VenueDetail;
  countries: CountryOption[];
  currencies: CurrencyOption[];
  onSaved(venue: VenueDetail): void;
}

/** A venue's key data: name, FEI show id, place, currency, dates and time zone. */
export function VenueForm({ venue, countries, currencies, onSaved }: VenueFormProps) {
  const { t } = useTranslation('venueSetup');
  const create = useCreateVenue();
  const update = useUpdateVenue();
  const form = useForm<VenueValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: venue?.name ?? '',
      fei_id: venue?.fei_id ?? '',
      city: venue?.city ?? '',
      country: venue?.country ?? null,
      currency: venue?.currency ?? null,
      currencyDisplay: venue?.currencyDisplay ?? '',
      start_date: venue?.start_date ?? '',
      end_date: venue?.end_date ?? '',
      time_zone: venue?.time_zone ?? 'Europe/Berlin',
    },
    validate,
    onValuesChange: (values, previous) => {
      // A new currency proposes its symbol as the display, unless one was typed.
      if (values.currency === previous.currency || !values.currency || values.currencyDisplay.trim()) return;
      const chosen = currencies.find((currency) => currency.code === values.currency);
      form.setFieldValue('currencyDisplay', chosen?.symbol || values.currency);
    },
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit(async (values) => {
    const result: { venue?: VenueDetail } = {};
    const ok = await run(async () => {
      const input = toInput(values);
      result.venue = venue ? await update.mutateAsync({ ...input, id: venue.id }) : await create.mutateAsync(input);
    });
    if (!ok || !result.venue) return;
    notify.success(t('toast.saved'));
    onSaved(result.venue);
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label={t('venueForm.title')}>
      <Stack>
        <FormErrorList errors={formErrors} />
        <TextInput label={t('venueForm.name')} required key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('venueForm.feiId')}
            description={t('venueForm.feiIdHint')}
            key={form.key('fei_id')}
            {...form.getInputProps('fei_id')}
          />
          <TextInput label={t('venueForm.city')} key={form.key('city')} {...form.getInputProps('city')} />
          <Select
            label={t('venueForm.country')}
            description={t('venueForm.countryHint')}
            required
            searchable
            allowDeselect={false}
            data={countries.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }))}
            key={form.key('country')}
            {...form.getInputProps('country')}
          />
          <Select
            label={t('venueForm.timeZone')}
            searchable
            allowDeselect={false}
            limit={50}
            data={TIME_ZONES}
            key={form.key('time_zone')}
            {...form.getInputProps('time_zone')}
          />
          <Select
            label={t('venueForm.currency')}
            required
            searchable
            allowDeselect={false}
            data={currencies.map((currency) => ({
              value: currency.code,
              label: `${currency.code} – ${currency.name}`,
            }))}
            key={form.key('currency')}
            {...form.getInputProps('currency')}
          />
          <TextInput
            label={t('venueForm.currencyDisplay')}
            description={t('venueForm.currencyDisplayHint')}
            required
            maxLength={5}
            key={form.key('currencyDisplay')}
            {...form.getInputProps('currencyDisplay')}
          />
          <TextInput
            type="date"
            label={t('venueForm.startDate')}
            key={form.key('start_date')}
            {...form.getInputProps('start_date')}
          />
          <TextInput
            type="date"
            label={t('venueForm.endDate')}
            key={form.key('end_date')}
            {...form.getInputProps('end_date')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {venue ? t('form.save') : t('venueForm.create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MAX_ENTRY_MINOR } from '@shared/ledger';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { errorText } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { useVenue } from '../api/get-venue';
import { useUpdateVenue } from '../api/update-venue';

interface OtherValues {
  head_number_from: number | string;
  head_number_to: number | string;
  self_checkout: boolean;
  currencyDisplay: string;
  prices_include_tax: boolean;
  /** The limit for one entry, as typed ("10.000,00"). */
  max_entry_minor: string;
}

const headNumber = (value: number | string) => (value === '' ? null : Number(value));

function validate(values: OtherValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const from = headNumber(values.head_number_from);
  const to = headNumber(values.head_number_to);
  if ((from === null) !== (to === null)) {
    errors[from === null ? 'head_number_from' : 'head_number_to'] = translateFieldError('required');
  } else if (from !== null && to !== null && to < from) {
    errors.head_number_to = translateFieldError('too_small');
  }
  if (!values.currencyDisplay.trim()) errors.currencyDisplay = translateFieldError('required');
  const limit = amountFromText(values.max_entry_minor);
  if (!values.max_entry_minor.trim()) errors.max_entry_minor = translateFieldError('required');
  else if (limit === null) errors.max_entry_minor = translateFieldError('invalid');
  else if (limit < 1) errors.max_entry_minor = translateFieldError('too_small');
  else if (limit > MAX_ENTRY_MINOR) errors.max_entry_minor = translateFieldError('too_big');
  return errors;
}

/** Head-number range, self-checkout, how amounts are labelled, and whether prices include tax. */
export function VenueOtherForm({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venueSetup');
  const venue = useVenue(venueId);
  if (venue.isPending) return <Skeleton height={240} aria-label={t('overview.loading')} />;
  if (venue.isError) return <Alert color="red">{errorText(venue.error)}</Alert>;
  return <OtherForm venue={venue.data} />;
}

function OtherForm({ venue }: { venue: VenueDetail }) {
  const { t } = useTranslation('venueSetup');
  const update = useUpdateVenue();
  // The largest single entry is a safeguard the federation sets: the show office sees it, the admin changes it.
  const admin = useAppStore((state) => state.user?.roles.includes('admin') ?? false);
  const form = useForm<OtherValues>({
    mode: 'uncontrolled',
    initialValues: {
      head_number_from: venue.head_number_from ?? '',
      head_number_to: venue.head_number_to ?? '',
      self_checkout: venue.self_checkout,
      currencyDisplay: venue.currencyDisplay,
      prices_include_tax: venue.prices_include_tax,
      max_entry_minor: amountToText(venue.max_entry_minor),
    },
    validate,
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await update.mutateAsync({
        id: venue.id,
        head_number_from: headNumber(values.head_number_from),
        head_number_to: headNumber(values.head_number_to),
        self_checkout: values.self_checkout,
        currencyDisplay: values.currencyDisplay,
        prices_include_tax: values.prices_include_tax,
        max_entry_minor: amountFromText(values.max_entry_minor) ?? undefined,
      });
    });
    if (saved) notify.success(t('toast.saved'));
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label={t('other.title')}>
      <Stack>
        <FormErrorList errors={formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('other.headNumberFrom')}
            min={1}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('head_number_from')}
            {...form.getInputProps('head_number_from')}
          />
          <NumberInput
            label={t('other.headNumberTo')}
            min={1}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('head_number_to')}
            {...form.getInputProps('head_number_to')}
          />
        </SimpleGrid>
        <TextInput
          label={t('venueForm.currencyDisplay')}
          description={t('venueForm.currencyDisplayHint')}
          required
          maxLength={5}
          key={form.key('currencyDisplay')}
          {...form.getInputProps('currencyDisplay')}
        />
        <TextInput
          label={t('other.maxEntry')}
          description={t('other.maxEntryHint', { currency: venue.currencyDisplay })}
          required
          inputMode="decimal"
          autoComplete="off"
          readOnly={!admin}
          key={form.key('max_entry_minor')}
          {...form.getInputProps('max_entry_minor')}
        />
        <Switch
          label={t('other.selfCheckout')}
          description={t('other.selfCheckoutHint')}
          key={form.key('self_checkout')}
          {...form.getInputProps('self_checkout', { type: 'checkbox' })}
        />
        <Switch
          label={t('other.pricesIncludeTax')}
          description={t('other.pricesIncludeTaxHint')}
          key={form.key('prices_include_tax')}
          {...form.getInputProps('prices_include_tax', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

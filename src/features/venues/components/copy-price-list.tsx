import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { FormErrorList } from '@/lib/components/form-error-list';
import { confirmDialog } from '@/lib/dialogs';
import { submitErrors, type MappedErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCopyConsumables } from '../api/copy-consumables';

const NO_ERRORS: MappedErrors = { fields: {}, form: [] };

/** "Copy price list": the active articles of one venue to another that lacks them, after a confirm. */
export function CopyPriceList({ venues }: { venues: VenueDetail[] }) {
  const { t } = useTranslation('bulk');
  const copy = useCopyConsumables();
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [errors, setErrors] = useState<MappedErrors>(NO_ERRORS);
  const options = venues.map((venue) => ({ value: venue.id, label: `${venue.name} (${venue.currency})` }));
  const name = (id: number | null) => venues.find((venue) => venue.id === id)?.name ?? '';

  async function submit() {
    if (from === null || to === null) return;
    if (!(await confirmDialog({ message: t('priceLists.copy.confirm', { from: name(from), to: name(to) }) }))) return;
    setErrors(NO_ERRORS);
    try {
      const result = await copy.mutateAsync({ from_venue: from, to_venue: to });
      notify.success(t('priceLists.copy.done', { created: result.created, skipped: result.skipped }));
      if (result.without_tax_type) notify.info(t('priceLists.copy.withoutTax', { count: result.without_tax_type }));
    } catch (error) {
      setErrors(submitErrors(error, { from_venue: from, to_venue: to }));
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby="copy-price-list" padding="sm">
      <Stack gap="xs">
        <Title order={2} size="h4" id="copy-price-list">
          {t('priceLists.copy.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('priceLists.copy.hint')}
        </Text>
        <Group align="flex-end">
          <Select<number>
            label={t('priceLists.copy.from')}
            data={options}
            value={from}
            onChange={setFrom}
            searchable
            error={errors.fields.from_venue}
            w={{ base: '100%', sm: 260 }}
          />
          <Select<number>
            label={t('priceLists.copy.to')}
            data={options}
            value={to}
            onChange={setTo}
            searchable
            error={errors.fields.to_venue}
            w={{ base: '100%', sm: 260 }}
          />
          <Button onClick={() => void submit()} disabled={from === null || to === null} loading={copy.isPending}>
            {t('priceLists.copy.submit')}
          </Button>
        </Group>
        <FormErrorList errors={errors.form} />
      </Stack>
    </Card>
  );
}

import { Alert, Card, Checkbox, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatPercent, type ChargeCategory } from '@shared/ledger';
import type { TaxConfiguration } from '@shared/schemas/venue-setup';
import { errorText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import { useTaxConfiguration } from '../api/get-tax-configuration';
import { useUpdateTaxConfiguration } from '../api/update-tax-configuration';

export interface TaxTypeOption {
  id: number;
  name: string;
  current_rate_bp: number | null;
}

interface EntryValues {
  category: ChargeCategory;
  tax_type: number | null;
  applies_by_default: boolean;
}

interface TaxConfigurationFormProps {
  vecId: number;
  taxTypes: TaxTypeOption[];
  onSaved?(): void;
}

/** Which tax type applies to each kind of charge in one event, and whether it applies by default. */
export function TaxConfigurationForm({ vecId, taxTypes, onSaved }: TaxConfigurationFormProps) {
  const { t } = useTranslation('venueSetup');
  const configuration = useTaxConfiguration(vecId);
  if (configuration.isPending) return <Skeleton height={320} aria-label={t('taxConfiguration.loading')} />;
  if (configuration.isError) return <Alert color="red">{errorText(configuration.error)}</Alert>;
  return <EntriesForm configuration={configuration.data} taxTypes={taxTypes} onSaved={onSaved} />;
}

interface EntriesFormProps {
  configuration: TaxConfiguration;
  taxTypes: TaxTypeOption[];
  onSaved?(): void;
}

function EntriesForm({ configuration, taxTypes, onSaved }: EntriesFormProps) {
  const { t } = useTranslation('venueSetup');
  const update = useUpdateTaxConfiguration();
  const form = useForm<{ entries: EntryValues[] }>({
    initialValues: {
      entries: configuration.entries.map(({ category, tax_type, applies_by_default }) => ({
        category,
        tax_type,
        applies_by_default,
      })),
    },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await update.mutateAsync({ vecId: configuration.vec, entries: values.entries });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onSaved?.();
  });
  const options = taxTypes.map((taxType) => ({
    value: taxType.id,
    label:
      taxType.current_rate_bp === null
        ? taxType.name
        : t('taxConfiguration.taxTypeOption', { name: taxType.name, rate: formatPercent(taxType.current_rate_bp) }),
  }));

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label={t('taxConfiguration.title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('taxConfiguration.intro')}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('taxConfiguration.category')}</Table.Th>
                <Table.Th>{t('taxConfiguration.taxType')}</Table.Th>
                <Table.Th>{t('taxConfiguration.appliesByDefault')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.entries.map((entry, index) => {
                const category = t(`category.${entry.category}`);
                return (
                  <Table.Tr key={entry.category}>
                    <Table.Td>{category}</Table.Td>
                    <Table.Td>
                      <Select<number>
                        aria-label={t('taxConfiguration.taxTypeFor', { category })}
                        placeholder={t('taxConfiguration.noTax')}
                        clearable
                        data={options}
                        {...form.getInputProps(`entries.${index}.tax_type`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('taxConfiguration.appliesByDefaultFor', { category })}
                        {...form.getInputProps(`entries.${index}.applies_by_default`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <FormActions errors={formErrors} submitting={form.submitting} />
      </Stack>
    </Card>
  );
}

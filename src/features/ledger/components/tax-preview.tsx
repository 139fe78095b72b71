import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { computeTax, formatPercent, type TaxOverride } from '@shared/ledger';
import type { Minor } from '@shared/money';
import type { PreviewRate } from '../tax-rate';
import { Amount } from './amount';

interface TaxPreviewProps {
  /** Quantity × unit price, or null while either is missing. */
  lineAmount: Minor | null;
  pricesIncludeTax: boolean;
  /** Null for payments and payouts: they carry no tax. */
  rate: PreviewRate | null;
  currency: string;
  /** The rider's tax override, applied as the server applies it. */
  override: TaxOverride;
}

/** The net, tax and gross of the line as the server will save them (the rider's override included). */
export function TaxPreview({ lineAmount, pricesIncludeTax, rate, currency, override }: TaxPreviewProps) {
  const { t } = useTranslation('ledger');
  const result =
    lineAmount === null
      ? null
      : computeTax({
          lineAmount,
          pricesIncludeTax: rate ? pricesIncludeTax : true,
          rateBp: rate?.rateBp ?? 0,
          appliesByDefault: rate?.appliesByDefault ?? false,
          override: rate ? override : 'NO_OVERRIDE',
        });
  const figures: [label: string, value: Minor | undefined][] = [
    [t('preview.net'), result?.net],
    [t('preview.tax', { rate: formatPercent(result?.rateBp ?? 0) }), result?.tax],
    [t('preview.gross'), result?.gross],
  ];
  return (
    <Card withBorder component="section" aria-labelledby="tax-preview-title" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Text id="tax-preview-title" fw={600}>
          {t('preview.title')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" aria-live="polite">
          {figures.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} ta="right">
                {value === undefined ? '—' : <Amount minor={value} currency={currency} />}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {rate ? (pricesIncludeTax ? t('preview.grossEntry') : t('preview.netEntry')) : t('preview.noTax')}{' '}
          {rate && override === 'FORCE' && t('preview.overrideForce')}
          {rate && override === 'SKIP' && t('preview.overrideSkip')}
        </Text>
      </Stack>
    </Card>
  );
}

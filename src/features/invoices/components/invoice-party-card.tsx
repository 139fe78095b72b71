import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@shared/schemas/invoices';

interface InvoicePartyCardProps {
  title: string;
  party: Invoice['buyer'] & { iban?: string | null; bic?: string | null };
}

/** Seller or buyer as the invoice names them: name, address, VAT id, e-mail (and the seller's bank). */
export function InvoicePartyCard({ title, party }: InvoicePartyCardProps) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const place = [party.postal_code, party.city].filter(Boolean).join(' ');
  const lines = [
    party.address,
    place,
    party.country,
    party.vat_id && t('party.vatId', { value: party.vat_id }),
    party.email,
    party.iban && t('party.iban', { value: party.iban }),
    party.bic && t('party.bic', { value: party.bic }),
  ].filter((line): line is string => Boolean(line));
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Title order={2} size="h5" id={titleId} c="dimmed">
          {title}
        </Title>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {party.name}
        </Text>
        {lines.map((line) => (
          <Text key={line} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

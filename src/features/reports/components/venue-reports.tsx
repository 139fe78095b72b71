import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { openConsumablesReport } from '../api/open-consumables-report';

/** The venue's reports: the consumables sold, for the whole show or the days chosen. */
export function VenueReports({ venueId }: { venueId: number }) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    openConsumablesReport(venueId, { date_from: from || null, date_to: to || null })
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('venue.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('venue.hint')}
        </Text>
        <Group align="flex-end">
          <TextInput
            label={t('venue.dateFrom')}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            label={t('venue.dateTo')}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
          <Button leftSection={<IconFileTypePdf size={16} aria-hidden />} loading={busy} onClick={open}>
            {t('venue.consumables')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { downloadCompensationBills } from '../api/download-compensation-bills';

/** Every compensation bill of the venue in one zip; officials without a bill get theirs first. */
export function DownloadCompensationBills({ venueId }: { venueId: number }) {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadCompensationBills(venueId)
      .then(() => client.invalidateQueries())
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="default" leftSection={<IconFileZip size={16} aria-hidden />} loading={busy} onClick={download}>
      {t('compensation.downloadAll')}
    </Button>
  );
}

import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { openCompensationBill } from '../api/open-compensation-bill';

interface CompensationBillButtonProps {
  /** The official participation the bill is for. */
  participation: number;
  /** The official's name, for the button's accessible name. */
  name: string;
}

/**
 * Opens the participation's compensation bill (issued on the first click, which credits the
 * official): every list on screen asks again afterwards, for the new balance.
 */
export function CompensationBillButton({ participation, name }: CompensationBillButtonProps) {
  const { t } = useTranslation('reports');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    openCompensationBill(participation)
      .then(() => client.invalidateQueries())
      .catch(showError)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconFileInvoice size={14} aria-hidden />}
      loading={busy}
      aria-label={t('compensation.billNamed', { name })}
      onClick={open}
    >
      {t('compensation.bill')}
    </Button>
  );
}

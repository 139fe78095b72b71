import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatDateTime, formatMoney } from '@/lib/format';
import { deviceState } from '@/offline/device';
import { useUnsentWrites, type UnsentWrite } from '@/offline/revoked-writes';

/**
 * A revoked tablet's notice: that the show office revoked it, and every write it could not
 * send (who, what, how much, when), for the office to enter again. Shown signed out too — on
 * the sign-in page — since the tablet is signed out when it learns of its revocation.
 */
export function RevokedNotice() {
  const { t } = useTranslation(['devices', 'floor']);
  const { status } = useStore(deviceState);
  const writes = useUnsentWrites();
  const [copied, setCopied] = useState(false);
  if (status !== 'revoked') return null;

  const cells = (write: UnsentWrite) => [
    write.person ?? '—',
    write.item ?? t(`floor:entity.${write.entity}`),
    write.amount !== null && write.currency ? formatMoney(write.amount, write.currency) : '—',
    formatDateTime(write.at),
  ];
  const headers = [t('revoked.person'), t('revoked.item'), t('revoked.amount'), t('revoked.time')];

  async function copy(list: UnsentWrite[]) {
    const lines = [headers, ...list.map(cells)].map((row) => row.join('\t')).join('\n');
    try {
      await navigator.clipboard.writeText(lines);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): the list stays on screen to copy by hand.
      setCopied(false);
    }
  }

  return (
    <Alert color="red" variant="light" role="alert" title={t('revoked.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('revoked.message')}</Text>
        {writes === undefined ? null : writes.length === 0 ? (
          <Text size="sm">{t('revoked.none')}</Text>
        ) : (
          <>
            <Table aria-label={t('revoked.unsent', { count: writes.length })} striped>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((header) => (
                    <Table.Th key={header}>{header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {writes.map((write) => (
                  <Table.Tr key={write.key}>
                    {cells(write).map((cell, i) => (
                      <Table.Td key={headers[i]}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <div>
              <Button size="xs" variant="default" onClick={() => void copy(writes)}>
                {copied ? t('revoked.copied') : t('revoked.copy')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { QueryView } from '@/lib/components/query-view';
import { ScrollTable } from '@/lib/components/scroll-table';
import { formatDateTime } from '@/lib/format';
import { useFeiResults } from '../api/list-fei-results';
import { openFeiResults } from '../api/open-fei-results';

/** Admin actions/generateXMLResults: the published competitions, and the XML in a new window. */
export function FeiResultsOffice({ venueId }: { venueId: number }) {
  const { t } = useTranslation('fei');
  const titleId = useId();
  const results = useFeiResults(venueId);
  const [opening, setOpening] = useState(false);

  async function open(show: string | null) {
    setOpening(true);
    try {
      await openFeiResults(venueId, show);
    } catch (error) {
      showError(error);
    } finally {
      setOpening(false);
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('results.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.hint')}
        </Text>
        <QueryView query={results}>
          {(data) => (
            <Stack>
              {data.results.length === 0 ? (
                <Alert color="yellow" variant="light">
                  {t('results.none')}
                </Alert>
              ) : (
                <ScrollTable minWidth={640} labelledBy={titleId}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('column.number')}</Table.Th>
                      <Table.Th>{t('column.name')}</Table.Th>
                      <Table.Th>{t('column.event')}</Table.Th>
                      <Table.Th>{t('column.starters')}</Table.Th>
                      <Table.Th>{t('column.feiRule')}</Table.Th>
                      <Table.Th>{t('column.publishedAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.results.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.number}</Table.Td>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{c.event}</Table.Td>
                        <Table.Td>{t('results.starters', { count: c.starters, ranked: c.ranked })}</Table.Td>
                        <Table.Td>
                          {c.problems.length ? (
                            <Text size="sm" c="orange.8">
                              {c.problems.map((p) => t(`results.problem.${p}`)).join(' · ')}
                            </Text>
                          ) : (
                            c.rule
                          )}
                        </Table.Td>
                        <Table.Td>{formatDateTime(c.published_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </ScrollTable>
              )}
              {data.results.some((c) => c.problems.length > 0) && (
                <Alert color="orange" variant="light" role="alert">
                  {t('results.incomplete')}
                </Alert>
              )}
              {!data.show && (
                <Alert color="yellow" variant="light">
                  {t('results.noShow')}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  leftSection={<IconFileExport size={16} aria-hidden />}
                  loading={opening}
                  disabled={data.results.some((c) => c.problems.length > 0)}
                  onClick={() => void open(data.show)}
                >
                  {t('results.open')}
                </Button>
              </Group>
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}

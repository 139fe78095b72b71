import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employment } from '@shared/schemas/people';
import { showError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ScrollTable } from '@/lib/components/scroll-table';
import { QueryView } from '@/lib/components/query-view';
import { useRiderEmployment, type RiderEmployment } from '../api/get-employment';
import { useRespondEmployment, type EmploymentAnswer } from '../api/respond-employment';

const STATE_COLORS: Record<Employment['status'], string> = {
  pending: 'yellow',
  confirmed: 'green',
  cancelled: 'gray',
  ended: 'gray',
};

export function EmploymentBadge({ status }: { status: Employment['status'] }) {
  const { t } = useTranslation('people');
  return (
    <Badge color={STATE_COLORS[status]} variant="light">
      {t(`employment.states.${status}`)}
    </Badge>
  );
}

/** A pending employment: the rider confirms or cancels it. */
function PendingEmployment({ rider, employment }: { rider: number; employment: Employment }) {
  const { t } = useTranslation('people');
  const respond = useRespondEmployment(rider);
  async function answer(choice: EmploymentAnswer) {
    try {
      await respond.mutateAsync({ employmentId: employment.employmentId, answer: choice });
      notify.success(t(choice === 'confirm' ? 'employment.confirmed' : 'employment.cancelled'));
    } catch (error) {
      showError(error);
    }
  }
  return (
    <Alert color="yellow" title={t('employment.pendingTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('employment.pendingText', { employer: employment.employer.name })}</Text>
        <Group>
          <Button size="sm" loading={respond.isPending} onClick={() => void answer('confirm')}>
            {t('employment.confirm')}
          </Button>
          <Button size="sm" variant="default" disabled={respond.isPending} onClick={() => void answer('cancel')}>
            {t('employment.cancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function History({ rows }: { rows: Employment[] }) {
  const { t } = useTranslation('people');
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('employment.history')}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">{t('employment.noHistory')}</Text>
        ) : (
          <ScrollTable minWidth={420} labelledBy={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employment.employer')}</Table.Th>
                <Table.Th>{t('employment.state')}</Table.Th>
                <Table.Th>{t('employment.from')}</Table.Th>
                <Table.Th>{t('employment.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.employmentId}>
                  <Table.Td>{row.employer.name}</Table.Td>
                  <Table.Td>
                    <EmploymentBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{formatDate(row.date_from) || '—'}</Table.Td>
                  <Table.Td>{formatDate(row.date_to) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

/** The rider's employment: current status, a pending employment to answer, and the history. */
export function EmploymentPanel({ rider }: { rider: number }) {
  const employment = useRiderEmployment(rider);
  return (
    <QueryView query={employment}>
      {({ status, history }) => <EmploymentView rider={rider} status={status} history={history} />}
    </QueryView>
  );
}

/** The loaded employment: status card, the pending one to answer, the history. */
function EmploymentView({ rider, status, history }: { rider: number } & RiderEmployment) {
  const { t } = useTranslation('people');
  const statusId = useId();
  const current = status.employment;
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={statusId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={statusId}>
            {t('employment.status')}
          </Title>
          <Text fw={600}>{t(`employment.statuses.${status.status}`)}</Text>
          {current?.status === 'confirmed' && (
            <Text size="sm">
              {t(current.date_from ? 'employment.employedSince' : 'employment.employedBy', {
                employer: current.employer.name,
                date: formatDate(current.date_from),
              })}
            </Text>
          )}
        </Stack>
      </Card>
      {current?.status === 'pending' && <PendingEmployment rider={rider} employment={current} />}
      <History rows={history} />
    </Stack>
  );
}

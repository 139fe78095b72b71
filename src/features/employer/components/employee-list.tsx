import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Employment } from '@shared/schemas/people';
import { RecordTable } from '@/lib/components/record-table';
import { formatDate } from '@/lib/format';
import { useOwner, useSectionHref } from '@/lib/owner-scope';
import { href } from '@/lib/paths';
import { useEmployees } from '../api/list-employees';
import { EndEmploymentModal } from './end-employment-modal';

const STATE_COLORS: Record<Employment['status'], string> = {
  pending: 'yellow',
  confirmed: 'green',
  cancelled: 'gray',
  ended: 'gray',
};

/** The employer's employees: status, dates; a confirmed one can be edited (the rider's pages) or ended. */
export function EmployeeList({ employer }: { employer: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const owner = useOwner();
  const sectionHref = useSectionHref();
  const employees = useEmployees(employer);
  const [ending, setEnding] = useState<Employment | null>(null);
  // The employer's own pages about an employee sit under employeeRider; an admin goes to the rider's own.
  const riderPage = (riderId: number) => href(owner?.managed ? 'adminRider' : 'employeeRider', { riderId });
  const addPage = sectionHref('EmployeeAdd');
  return (
    <>
      <RecordTable<Employment>
        title={t('employees.title')}
        query={employees}
        columns={[
          { label: t('employees.name'), render: (row) => row.rider.name },
          { label: t('employees.email'), render: (row) => row.rider.email ?? '—' },
          {
            label: t('employment.state'),
            render: (row) => (
              <Badge color={STATE_COLORS[row.status]} variant="light">
                {t(`employment.states.${row.status}`)}
              </Badge>
            ),
          },
          { label: t('employment.from'), render: (row) => formatDate(row.date_from) || '—' },
          { label: t('employment.to'), render: (row) => formatDate(row.date_to) || '—' },
          {
            label: t('common:table.actions'),
            render: (row) =>
              row.status === 'confirmed' && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('common:table.editNamed', { name: row.rider.name })}
                    onClick={() => navigate(riderPage(row.rider.id))}
                  >
                    {t('common:table.edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('employees.endNamed', { name: row.rider.name })}
                    onClick={() => setEnding(row)}
                  >
                    {t('employees.end')}
                  </Button>
                </Group>
              ),
          },
        ]}
        rowKey={(row) => row.employmentId}
        rowName={(row) => row.rider.name}
        empty={t('employees.empty')}
        addLabel={t('employees.add')}
        onAdd={addPage ? () => navigate(addPage) : undefined}
        minWidth={640}
      />
      {ending && <EndEmploymentModal employment={ending} onClose={() => setEnding(null)} />}
    </>
  );
}

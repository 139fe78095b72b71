import { NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_REPORT_KINDS, type ErrorReportKind } from '@shared/schemas/error-report';
import type { ErrorReportFilters as Filters } from '../api/list-error-reports';

interface ErrorReportFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
}

const isStatus = (value: number | string): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;

/** Kind and HTTP status; the status filters once it is a whole code (100–599), and not before. */
export function ErrorReportFilters({ value, onChange }: ErrorReportFiltersProps) {
  const { t } = useTranslation('system');
  const [status, setStatus] = useState<number | string>(value.status ?? '');
  return (
    <>
      <NativeSelect
        label={t('errorReports.filterKind')}
        data={[
          { value: '', label: t('errorReports.anyKind') },
          ...ERROR_REPORT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
        ]}
        value={value.kind ?? ''}
        onChange={(event) => onChange({ kind: (event.currentTarget.value || null) as ErrorReportKind | null })}
        w={200}
      />
      <NumberInput
        label={t('errorReports.filterStatus')}
        placeholder="502"
        value={status}
        onChange={(next) => {
          setStatus(next);
          onChange({ status: isStatus(next) ? next : null });
        }}
        min={100}
        max={599}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={140}
      />
    </>
  );
}

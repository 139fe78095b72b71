import { NumberInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import type { AuditLogFilters as Filters } from '../api/list-audit-log';

interface AuditLogFiltersProps {
  value: Filters;
  onChange(change: Partial<Filters>): void;
}

const MAX_ACTION_LENGTH = 100;

/** An exact action (`auth.login`) and a user id (as actor or target). */
export function AuditLogFilters({ value, onChange }: AuditLogFiltersProps) {
  const { t } = useTranslation('system');
  const [action, setAction] = useState(value.action ?? '');
  const [user, setUser] = useState<number | string>(value.user ?? '');
  const applyAction = useDebouncedCallback(
    (text: string) => onChange({ action: text.trim() || null }),
    FILTER_DEBOUNCE_MS,
  );
  return (
    <>
      <TextInput
        label={t('auditLog.filterAction')}
        placeholder="auth.login"
        value={action}
        maxLength={MAX_ACTION_LENGTH}
        onChange={(event) => {
          setAction(event.currentTarget.value);
          applyAction(event.currentTarget.value);
        }}
        w={220}
      />
      <NumberInput
        label={t('auditLog.filterUser')}
        description={t('auditLog.userHint')}
        value={user}
        onChange={(next) => {
          setUser(next);
          onChange({ user: typeof next === 'number' && Number.isInteger(next) && next > 0 ? next : null });
        }}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={140}
      />
    </>
  );
}

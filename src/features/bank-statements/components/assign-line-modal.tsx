import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import type { AssignLineInput, BankStatementLine } from '@shared/schemas/payouts';
import { FormModal } from '@/lib/components/form-modal';
import { formatDate, formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useTargets } from '../api/find-targets';
import { useSettleLine } from '../api/settle-line';

interface AssignLineModalProps {
  venueId: number;
  line: BankStatementLine;
  onClose(): void;
}

/** Assign an unmatched credit by hand: to one of the venue's invoices, or to a party. */
export function AssignLineModal({ venueId, line, onClose }: AssignLineModalProps) {
  const { t } = useTranslation('payouts');
  const { assign } = useSettleLine();
  const [mode, setMode] = useState<'invoice' | 'party'>('invoice');
  const [partyType, setPartyType] = useState<PartyType>('rider');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [target, setTarget] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ form: string[]; target?: string }>({ form: [] });
  const targets = useTargets(venueId, mode === 'invoice' ? 'invoice' : partyType, debounced);

  function submit(event?: React.FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!target) {
      setErrors({ form: [], target: t('assign.chooseFirst') });
      return;
    }
    const input: AssignLineInput =
      mode === 'invoice' ? { invoice: Number(target) } : { party_type: partyType, party_id: Number(target) };
    assign.mutate(
      { line: line.id, input },
      {
        onSuccess: () => {
          notify.success(t('assign.done'));
          onClose();
        },
        onError: (error) => {
          const mapped = submitErrors(error, {});
          setErrors({ form: [...Object.values(mapped.fields), ...mapped.form] });
        },
      },
    );
  }

  return (
    <FormModal
      title={t('assign.title')}
      onClose={onClose}
      onSubmit={submit}
      errors={errors.form}
      submitting={assign.isPending}
      submitLabel={t('assign.submit')}
    >
      <Stack gap={2}>
        <Text fw={600}>{formatMoney(line.amount, line.currency)}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[formatDate(line.booking_date), line.debtor_name, line.reference].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => {
          setMode(value as 'invoice' | 'party');
          setTarget(null);
          setSearch('');
        }}
        data={[
          { value: 'invoice', label: t('assign.toInvoice') },
          { value: 'party', label: t('assign.toParty') },
        ]}
        aria-label={t('assign.mode')}
      />
      {mode === 'party' && (
        <Select
          label={t('assign.partyType')}
          data={PARTY_TYPES.map((type) => ({ value: type, label: t(`payeeKind.${type}`) }))}
          value={partyType}
          allowDeselect={false}
          onChange={(value) => {
            setPartyType((value as PartyType | null) ?? 'rider');
            setTarget(null);
          }}
        />
      )}
      <Select
        label={mode === 'invoice' ? t('assign.invoice') : t('assign.party')}
        placeholder={t('assign.search')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={(targets.data ?? []).map((item) => ({ value: String(item.id), label: item.label }))}
        value={target}
        onChange={setTarget}
        nothingFoundMessage={targets.isFetching ? t('assign.searching') : t('assign.nothingFound')}
        error={errors.target}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}

import { Group, NativeSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import { partyOptionsQueryOptions } from '../api/search-parties';
import type { TransactionValues } from '../transaction-values';
import { RemoteSelect } from './remote-select';

/** Who is charged or paid: the kind of party, then the person, searched on the server. */
export function PartyField({ form }: { form: UseFormReturnType<TransactionValues> }) {
  const { t } = useTranslation('ledger');
  const partyType = form.values.party_type;
  return (
    <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
      <NativeSelect
        label={t('form.partyType')}
        data={PARTY_TYPES.map((type) => ({ value: type, label: t(`partyType.${type}`) }))}
        {...form.getInputProps('party_type')}
        onChange={(event) => {
          form.setFieldValue('party_type', event.currentTarget.value as PartyType);
          form.setFieldValue('party_id', null);
        }}
        miw={160}
      />
      <RemoteSelect
        key={partyType}
        label={t('form.party')}
        required
        value={form.values.party_id}
        onChange={(value) => form.setFieldValue('party_id', value)}
        options={(search) => partyOptionsQueryOptions(partyType, search)}
        error={form.errors.party_id}
        w={{ base: '100%', sm: 'auto' }}
      />
    </Group>
  );
}

import { Checkbox, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ATTENDEE_KINDS } from '@shared/floor-constants';
import { EMAIL_PAYER_TYPES } from '@shared/schemas/email-runs';
import { useEvents } from '../api/list-events';
import { VARIANT_AUDIENCES, type EmailRunValues, type EmailRunVariant } from '../form-values';

interface RecipientFieldsProps {
  form: UseFormReturnType<EmailRunValues>;
  venueId: number;
  variant: EmailRunVariant;
}

/** Who gets the message: the audience (riders or officials on the general page) and its filters. */
export function RecipientFields({ form, venueId, variant }: RecipientFieldsProps) {
  const { t } = useTranslation('emailRuns');
  const { audience } = form.getValues();
  const events = useEvents(venueId, audience === 'participants');
  const audiences = VARIANT_AUDIENCES[variant];

  return (
    <Stack gap="sm">
      {audiences.length > 1 && (
        <NativeSelect
          label={t('form.recipients')}
          data={audiences.map((value) => ({ value, label: t(`form.audience.${value}`) }))}
          {...form.getInputProps('audience')}
        />
      )}
      {audience === 'onboarding' && (
        <Checkbox
          label={t('filters.withoutPassword')}
          {...form.getInputProps('filters.without_password', { type: 'checkbox' })}
        />
      )}
      {audience === 'participants' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('filters.vec')}
              data={[
                { value: '', label: t('filters.anyVec') },
                ...(events.data ?? []).map((event) => ({ value: String(event.id), label: event.name })),
              ]}
              {...form.getInputProps('filters.vec')}
            />
            <NativeSelect
              label={t('filters.payerType')}
              data={[
                { value: '', label: t('filters.payer.any') },
                ...EMAIL_PAYER_TYPES.map((value) => ({ value, label: t(`filters.payer.${value}`) })),
              ]}
              {...form.getInputProps('filters.payer_type')}
            />
          </SimpleGrid>
          <Checkbox
            label={t('filters.openBalance')}
            {...form.getInputProps('filters.open_balance', { type: 'checkbox' })}
          />
        </>
      )}
      {audience === 'attendees' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('filters.kind')}
            data={[
              { value: '', label: t('filters.anyKind') },
              ...ATTENDEE_KINDS.map((value) => ({ value, label: t(`filters.kinds.${value}`) })),
            ]}
            {...form.getInputProps('filters.kind')}
          />
          <NativeSelect
            label={t('filters.checkedIn')}
            data={(['', 'yes', 'no'] as const).map((value) => ({
              value,
              label: t(`filters.checked.${value || 'any'}`),
            }))}
            {...form.getInputProps('filters.checked_in')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

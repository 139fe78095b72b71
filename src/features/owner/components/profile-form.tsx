import { Box, Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TAX_OVERRIDES } from '@shared/ledger';
import type { OwnerType } from '@shared/schemas/owner';
import { OFFICIAL_FUNCTIONS, PROFILE_SCHEMAS } from '@shared/schemas/people';
import { schemaValidator } from '@/lib/form-errors';
import { useAppStore } from '@/lib/store';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import { useNextBookkeepingRefId } from '../api/next-bookkeeping-ref-id';
import type { Profile, ProfileInput } from '../api/profile';
import {
  ADMIN_FIELDS,
  PROFILE_FIELDS,
  profileInput,
  profileValues,
  REQUIRED_FIELDS,
  type ProfileValues,
} from './profile-values';

interface ProfileFormProps {
  type: OwnerType;
  /** The saved profile; a new one starts empty. */
  initial?: Partial<Profile>;
  submitLabel: string;
  /** Save the kind's input; a thrown validation answer is attached to the fields. */
  onSubmit(values: ProfileInput): Promise<void>;
  /** A field was left with this value (the add-rider form checks e-mail and licence). */
  onFieldBlur?(field: string, value: string): void;
  /** Shown above the form's buttons (that check's warning). */
  notice?: ReactNode;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', birth_date: 'date', phone: 'tel' };
const INPUT_MODES: Record<string, 'decimal' | 'numeric'> = {
  fee_percent_bp: 'decimal',
  fee_fixed_minor: 'decimal',
  bookkeeping_ref_id: 'numeric',
};

/** The profile fields of one kind (PROFILE_SCHEMAS input); admin-only fields for admins only. */
export function ProfileForm({ type, initial, submitLabel, onSubmit, onFieldBlur, notice }: ProfileFormProps) {
  const { t } = useTranslation('owner');
  const admin = useAppStore((state) => state.user?.roles.includes('admin') ?? false);
  const validate = schemaValidator<ProfileInput>(PROFILE_SCHEMAS[type].input);
  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: profileValues(type, initial),
    validate: (values) => validate(profileInput(type, values, admin)),
  });
  const { formErrors, run } = useSubmit(form);
  const refField = admin && ADMIN_FIELDS[type].includes('bookkeeping_ref_id');
  const nextRef = useNextBookkeepingRefId(refField);
  const submit = form.onSubmit((values) => run(() => onSubmit(profileInput(type, values, admin))));
  const textField = (field: string) => {
    const props = form.getInputProps(field);
    const onBlur = (event: FocusEvent<HTMLInputElement>) => {
      (props.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
      onFieldBlur?.(field, event.currentTarget.value);
    };
    const next = field === 'bookkeeping_ref_id' ? nextRef.data?.next : undefined;
    return (
      <TextInput
        key={form.key(field)}
        label={t(`profile.field.${field}`)}
        required={REQUIRED_FIELDS.has(field)}
        type={INPUT_TYPES[field]}
        inputMode={INPUT_MODES[field]}
        maxLength={field === 'country' || field === 'nationality' ? 2 : undefined}
        description={
          field === 'country' || field === 'nationality'
            ? t('profile.countryHint')
            : field === 'leitweg_id'
              ? t('profile.leitwegHint')
              : next !== undefined
                ? t('profile.nextRefId', { next })
                : undefined
        }
        inputContainer={
          next === undefined
            ? undefined
            : (children) => (
                <Group gap="xs" wrap="nowrap">
                  <Box flex={1}>{children}</Box>
                  <Button
                    variant="default"
                    onClick={() => form.setFieldValue('bookkeeping_ref_id', String(next))}
                    aria-label={t('profile.useNextRefIdNamed', { next })}
                  >
                    {t('profile.useNextRefId')}
                  </Button>
                </Group>
              )
        }
        {...props}
        onBlur={onBlur}
      />
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{PROFILE_FIELDS[type].map(textField)}</SimpleGrid>
        {type === 'official' && (
          <MultiSelect
            key={form.key('functions')}
            label={t('profile.field.functions')}
            data={OFFICIAL_FUNCTIONS.map((value) => ({ value, label: t(`profile.function.${value}`) }))}
            {...form.getInputProps('functions')}
          />
        )}
        {admin && ADMIN_FIELDS[type].length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ADMIN_FIELDS[type].map((field) =>
              field === 'tax_override' ? (
                <Select
                  key={form.key(field)}
                  label={t('profile.field.tax_override')}
                  allowDeselect={false}
                  data={TAX_OVERRIDES.map((value) => ({ value, label: t(`profile.taxOverride.${value}`) }))}
                  {...form.getInputProps(field)}
                />
              ) : (
                textField(field)
              ),
            )}
          </SimpleGrid>
        )}
        {notice}
        <FormActions errors={formErrors} submitting={form.submitting} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}

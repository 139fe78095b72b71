import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { groomInput, type Groom } from '@shared/schemas/people';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useSubmit } from '@/lib/use-submit';
import { QueryView } from '@/lib/components/query-view';
import { FormActions } from '@/lib/components/form-actions';
import { useChangeGrooms } from '../api/change-grooms';
import { useGroom } from '../api/get-groom';
import { useUpdateGroom, type GroomInput } from '../api/update-groom';

interface GroomValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

const validate = schemaValidator<GroomValues>(groomInput);

interface GroomFieldsProps {
  initial: GroomValues;
  /** The key the values travel under in the request body, when they do not travel alone. */
  scope?: string;
  onSubmit(input: GroomInput): Promise<unknown>;
}

function GroomFields({ initial, scope, onSubmit }: GroomFieldsProps) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const form = useForm<GroomValues>({ mode: 'uncontrolled', initialValues: initial, validate });
  const { formErrors, run } = useSubmit(form, scope);
  const submit = form.onSubmit(async (values) => {
    const input = { ...values, email: values.email.trim() || null, phone: values.phone.trim() || null };
    if (!(await run(async () => void (await onSubmit(input))))) return;
    notify.success(t('common:toast.saved'));
    const list = sectionHref('Grooms');
    if (list) navigate(list);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('grooms.form')}>
      <Stack maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('grooms.firstName')}
            required
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput label={t('grooms.lastName')} key={form.key('last_name')} {...form.getInputProps('last_name')} />
          <TextInput label={t('grooms.email')} type="email" key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label={t('grooms.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <FormActions errors={formErrors} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

const EMPTY: GroomValues = { first_name: '', last_name: '', email: '', phone: '' };

/** A new groom of the rider. */
export function GroomAdd({ rider }: { rider: number }) {
  const change = useChangeGrooms(rider);
  return (
    <GroomFields initial={EMPTY} scope="groom" onSubmit={(groom) => change.mutateAsync({ action: 'add', groom })} />
  );
}

const valuesOf = (groom: Groom): GroomValues => ({
  first_name: groom.first_name,
  last_name: groom.last_name,
  email: groom.email ?? '',
  phone: groom.phone ?? '',
});

/** One of the rider's grooms (edit/:groomId). */
export function GroomEdit({ groomId }: { groomId: number }) {
  const groom = useGroom(groomId);
  const update = useUpdateGroom(groomId);
  return (
    <QueryView query={groom}>
      {(data) => <GroomFields initial={valuesOf(data)} onSubmit={(input) => update.mutateAsync(input)} />}
    </QueryView>
  );
}

import { Alert, Button, Card, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PersonSummary } from '@shared/schemas/participation';
import { ApiError, showError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useSubmit } from '@/lib/use-submit';
import { useAddEmployee } from '../api/add-employee';
import { FIND_BY, findRider, type FindBy } from '../api/find-rider';

/** One field per way of finding, named as the request names it so server errors land there. */
interface FindValues {
  by: FindBy;
  email: string;
  feiId: string;
  nationalID: string;
}

const FIELD: Record<FindBy, Exclude<keyof FindValues, 'by'>> = {
  email: 'email',
  feiId: 'feiId',
  nationalId: 'nationalID',
};

/** Add an employee: find the rider by e-mail, FEI id or national id, check who it is, then add. */
export function EmployeeAdd({ employer }: { employer: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const add = useAddEmployee(employer);
  const [found, setFound] = useState<PersonSummary | null>(null);
  const [notFound, setNotFound] = useState(false);
  const form = useForm<FindValues>({
    mode: 'controlled',
    initialValues: { by: 'email', email: '', feiId: '', nationalID: '' },
    onValuesChange: () => {
      setFound(null);
      setNotFound(false);
    },
  });
  const { formErrors, run } = useSubmit(form);
  const field = FIELD[form.values.by];

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        setFound(await findRider(values.by, values[FIELD[values.by]]));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        setNotFound(true);
      }
    }),
  );

  async function confirmAdd(rider: PersonSummary) {
    try {
      await add.mutateAsync(rider.id);
      notify.success(t('employees.added', { name: rider.name }));
      const list = sectionHref('Employees');
      if (list) navigate(list);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Stack maw={640}>
      <form onSubmit={submit} noValidate aria-label={t('employees.find')}>
        <Stack>
          <Radio.Group label={t('employees.findBy')} key={form.key('by')} {...form.getInputProps('by')}>
            <Group mt="xs">
              {FIND_BY.map((by) => (
                <Radio key={by} value={by} label={t(`employees.by.${by}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t(`employees.by.${form.values.by}`)}
            type={form.values.by === 'email' ? 'email' : 'text'}
            key={form.key(field)}
            {...form.getInputProps(field)}
          />
          <FormErrorList errors={formErrors} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={form.submitting}>
              {t('employees.find')}
            </Button>
          </Group>
        </Stack>
      </form>
      {notFound && (
        <Alert color="yellow" role="status">
          {t('employees.notFound')}
        </Alert>
      )}
      {found && (
        <Card withBorder role="region" aria-label={t('employees.foundTitle')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('employees.foundTitle')}
            </Text>
            <Text fw={600}>{found.name}</Text>
            {found.email && <Text size="sm">{found.email}</Text>}
            {found.fei_id && <Text size="sm">{t('employees.feiIdValue', { feiId: found.fei_id })}</Text>}
            <Text size="sm" c="dimmed">
              {t('employees.pendingNote')}
            </Text>
            <Group justify="flex-end">
              <Button loading={add.isPending} onClick={() => void confirmAdd(found)}>
                {t('employees.addConfirm', { name: found.name })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

import { Alert, Button, Card, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PersonFound } from '@shared/schemas/people';
import { ApiError, showError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useSubmit } from '@/lib/use-submit';
import { useAddEmployee } from '../api/add-employee';
import { FIND_BY, findRider, type FindBy } from '../api/find-rider';

/** One field, named as the request names it so server errors land there. */
interface FindValues {
  by: FindBy;
  value: string;
}

/** The labels of the ways of finding (people.employees.by.*). */
const LABEL: Record<FindBy, string> = { email: 'email', fei_id: 'feiId', national_id: 'nationalId' };

/** Add an employee: find the rider by e-mail, FEI id or national id, check who it is, then add. */
export function EmployeeAdd({ employer }: { employer: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const add = useAddEmployee(employer);
  const [found, setFound] = useState<PersonFound | null>(null);
  const [notFound, setNotFound] = useState(false);
  const form = useForm<FindValues>({
    mode: 'controlled',
    initialValues: { by: 'email', value: '' },
    onValuesChange: () => {
      setFound(null);
      setNotFound(false);
    },
  });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        setFound(await findRider(values.by, values.value));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        setNotFound(true);
      }
    }),
  );

  async function confirmAdd(rider: PersonFound) {
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
                <Radio key={by} value={by} label={t(`employees.by.${LABEL[by]}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t(`employees.by.${LABEL[form.values.by]}`)}
            type={form.values.by === 'email' ? 'email' : 'text'}
            key={form.key('value')}
            {...form.getInputProps('value')}
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

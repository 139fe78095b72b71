import { Card, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES } from '@shared/schemas/floor';
import { teamMemberInput, type TeamMember } from '@shared/schemas/owner';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { schemaValidator } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { QueryView } from '@/lib/components/query-view';
import { FormActions } from '@/lib/components/form-actions';
import type { OwnerRef } from '../api/owner-path';
import { usePublicVenues } from '../api/public-venues';
import { useTeamMember, useTeamMemberMutations } from '../api/team-members';

interface TeamMemberValues {
  venue: string;
  role: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

const toInput = (values: TeamMemberValues) => ({
  ...values,
  venue: values.venue ? Number(values.venue) : undefined,
  phone: values.phone.trim() || null,
});
const validateSchema = schemaValidator<ReturnType<typeof toInput>>(teamMemberInput);

interface TeamMemberFormProps {
  owner: OwnerRef;
  member?: TeamMember;
  onDone(): void;
}

/** Invite a team member by e-mail to a show (a one-time link is sent), or edit one. */
export function TeamMemberForm({ owner, member, onDone }: TeamMemberFormProps) {
  const { t } = useTranslation(['owner', 'common']);
  const venues = usePublicVenues();
  const { save } = useTeamMemberMutations(owner);
  const form = useForm<TeamMemberValues>({
    mode: 'uncontrolled',
    initialValues: {
      venue: member?.venue ? String(member.venue) : '',
      role: member?.role ?? 'groom',
      first_name: member?.first_name ?? '',
      last_name: member?.last_name ?? '',
      email: member?.email ?? '',
      phone: member?.phone ?? '',
    },
    validate: (values) => validateSchema(toInput(values)),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = teamMemberInput.parse(toInput(values));
    const saved = await run(async () => {
      await save.mutateAsync({ id: member?.id ?? null, input });
    });
    if (!saved) return;
    notify.success(member ? t('common:toast.saved') : t('team.invited', { email: input.email }));
    onDone();
  });
  const venueOptions = (venues.data ?? []).map((venue) => ({
    value: String(venue.id),
    label: [venue.name, formatDateRange(venue.start_date, venue.end_date)].filter(Boolean).join(' · '),
  }));
  if (member?.venue && !venueOptions.some((option) => option.value === String(member.venue))) {
    venueOptions.unshift({ value: String(member.venue), label: member.venue_name ?? String(member.venue) });
  }
  const title = member ? t('team.edit') : t('team.add');
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <Select
            label={t('team.venue')}
            required
            searchable
            data={venueOptions}
            nothingFoundMessage={venues.isPending ? t('common:table.loading') : t('team.noVenues')}
            error={venues.isError ? errorText(venues.error) : undefined}
            key={form.key('venue')}
            {...form.getInputProps('venue')}
          />
          <Select
            label={t('team.role')}
            required
            allowDeselect={false}
            data={TEAM_ROLES.map((value) => ({ value, label: t(`team.roles.${value}`) }))}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('team.firstName')}
              required
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput label={t('team.lastName')} key={form.key('last_name')} {...form.getInputProps('last_name')} />
            <TextInput
              label={t('team.email')}
              required
              type="email"
              description={member ? undefined : t('team.emailHint')}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput label={t('team.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <FormActions
            errors={formErrors}
            submitting={form.submitting}
            submitLabel={member ? t('common:form.save') : t('team.sendInvite')}
            onCancel={onDone}
          />
        </Stack>
      </form>
    </Card>
  );
}

/** The edit page's form, once the team member is loaded. */
export function TeamMemberEdit({ owner, id, onDone }: { owner: OwnerRef; id: number; onDone(): void }) {
  const member = useTeamMember(id);
  return (
    <QueryView query={member} height={240}>
      {(data) => <TeamMemberForm owner={owner} member={data} onDone={onDone} />}
    </QueryView>
  );
}

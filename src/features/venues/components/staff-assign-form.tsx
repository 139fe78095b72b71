import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { VENUE_STAFF_ROLES, type VenueUser } from '@shared/schemas/venue-setup';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useAssignVenueUser } from '../api/assign-venue-user';
import { useUserSearch } from '../api/search-users';
import { useStaffCandidates } from '../api/search-staff-candidates';
import { useAppStore } from '@/lib/store';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { FormModal } from '@/lib/components/form-modal';

type StaffRole = (typeof VENUE_STAFF_ROLES)[number];

interface StaffValues {
  user: number | null;
  roles: StaffRole[];
}

/** What the picker shows of an account (a user search hit or a staff candidate). */
type Account = Pick<VenueUser, 'id' | 'username' | 'first_name' | 'last_name'>;

function userLabel(user: Account): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name ? `${name} (${user.username})` : user.username;
}

/**
 * Assign a user to the venue with one or more staff roles: an admin finds anyone by name or
 * e-mail; the venue's organizer finds a staff account by its exact e-mail or username.
 */
export function StaffAssignForm({ venueId, onClose }: { venueId: number; onClose(): void }) {
  const { t } = useTranslation(['venueSetup', 'common']);
  const assign = useAssignVenueUser();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const admin = useAppStore((state) => can(state.user?.roles, 'user.search'));
  const everyone = useUserSearch(debouncedSearch, admin);
  const candidates = useStaffCandidates(venueId, debouncedSearch, !admin);
  const found = admin ? everyone : candidates;
  const [chosen, setChosen] = useState<Account | null>(null);
  const form = useForm<StaffValues>({
    initialValues: { user: null, roles: [] },
    validate: {
      user: (value) => (value === null ? translateFieldError('required') : null),
      roles: (value) => (value.length ? null : translateFieldError('required')),
    },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const saved = await run(async () => {
      await assign.mutateAsync({ venueId, user: values.user ?? 0, roles: values.roles });
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });

  const results: Account[] = found.data?.results ?? [];
  // The chosen user stays an option while the next search shows other people.
  const options = [...(chosen && !results.some((user) => user.id === chosen.id) ? [chosen] : []), ...results];
  return (
    <FormModal
      title={t('users.assign')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <Select<number>
        label={t('users.user')}
        description={admin ? t('users.userHint') : t('users.userHintExact')}
        placeholder={t('users.searchPlaceholder')}
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={debouncedSearch.trim().length >= 2 && !found.isFetching ? t('users.noMatch') : undefined}
        data={options.map((user) => ({ value: user.id, label: userLabel(user) }))}
        {...form.getInputProps('user')}
        onChange={(value) => {
          setChosen(options.find((user) => user.id === value) ?? null);
          form.setFieldValue('user', value);
        }}
      />
      <Checkbox.Group label={t('users.roles')} required {...form.getInputProps('roles')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
          {VENUE_STAFF_ROLES.map((role) => (
            <Checkbox key={role} value={role} label={t(`common:roles.${role}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </FormModal>
  );
}

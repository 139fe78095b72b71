import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showError } from '@/lib/api-error';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { notify } from '@/lib/notify';
import { useSectionHref } from '@/lib/owner-scope';
import { useChangeHorses, type HorseAction } from '../api/change-horses';
import { useHorseSearch } from '../api/search-horses';
import { HorseForm } from './horse-form';

/** Add a horse to the rider: pick one already on record, or create a new one. */
export function HorseAdd({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const change = useChangeHorses(rider);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const matches = useHorseSearch(debounced);
  const searchId = useId();
  const createId = useId();

  async function add(action: HorseAction) {
    await change.mutateAsync(action);
    notify.success(t('common:toast.saved'));
    const list = sectionHref('Horses');
    if (list) navigate(list);
  }

  const assign = (id: number) => add({ id, action: 'add' }).catch(showError);

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={searchId}>
        <Stack>
          <Title order={2} size="h4" id={searchId}>
            {t('horses.findExisting')}
          </Title>
          <TextInput
            label={t('horses.search')}
            description={t('horses.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={matches.isFetching ? <Loader size="xs" /> : null}
          />
          {matches.data?.results.length === 0 && <Text c="dimmed">{t('horses.noMatches')}</Text>}
          {matches.data?.results.map((horse) => (
            <Group key={horse.id} justify="space-between" wrap="nowrap">
              <Text>
                {horse.name}
                {horse.fei_id && (
                  <Text span c="dimmed">
                    {' '}
                    ({horse.fei_id})
                  </Text>
                )}
              </Text>
              <Button
                size="compact-sm"
                aria-label={t('horses.assignNamed', { name: horse.name })}
                loading={
                  change.isPending && change.variables && 'id' in change.variables && change.variables.id === horse.id
                }
                onClick={() => void assign(horse.id)}
              >
                {t('horses.assign')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby={createId}>
        <Stack>
          <Title order={2} size="h4" id={createId}>
            {t('horses.create')}
          </Title>
          <HorseForm onSubmit={(horse) => add({ action: 'add', horse })} />
        </Stack>
      </Card>
    </Stack>
  );
}

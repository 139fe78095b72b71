import { Alert, Anchor, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { ListPages, ListSearch, usePagedSearch } from '@/lib/components/paged-search';
import { SectionCard } from '@/lib/components/section-card';
import { formatMoney } from '@/lib/format';
import { PEOPLE_KINDS, usePeopleAtVenue, type PeopleKind, type PersonListed } from '../api/list-people-at-venue';

/** Where a person's name leads; null: the name is not a link. */
export type PersonHref = (kind: PeopleKind, person: PersonListed) => string | null;

interface PeopleProps {
  venueId: number;
  /** The venue's currency display, for the balances. */
  currency: string;
  personHref?: PersonHref;
}

function PeopleTable({
  kind,
  people,
  currency,
  personHref,
}: { kind: PeopleKind; people: PersonListed[] } & PeopleProps) {
  const { t } = useTranslation('venueViews');
  const withEmail = people.some((person) => person.email !== undefined);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" aria-label={t(`people.kind.${kind}`)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('people.name')}</Table.Th>
            <Table.Th>{t('people.feiId')}</Table.Th>
            {withEmail && <Table.Th>{t('people.email')}</Table.Th>}
            <Table.Th ta="right">{kind === 'rider' ? t('people.payerBalance') : t('people.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const to = personHref?.(kind, person) ?? null;
            return (
              <Table.Tr key={person.id}>
                <Table.Td>
                  {to ? (
                    <Anchor component={Link} to={to} size="sm" fw={600}>
                      {person.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600}>
                      {person.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{person.fei_id ?? '—'}</Table.Td>
                {withEmail && <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email ?? '—'}</Table.Td>}
                <Table.Td ta="right" c={person.balance < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(person.balance, currency)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One kind of person at the venue: search, 100 a page. */
function PeoplePanel({ kind, ...props }: { kind: PeopleKind } & PeopleProps) {
  const { t } = useTranslation('venueViews');
  const { page, setPage, search, setSearch, debounced } = usePagedSearch();
  const people = usePeopleAtVenue(kind, props.venueId, page, debounced);
  return (
    <Stack pt="sm">
      <ListSearch
        label={t(`people.search.${kind}`)}
        placeholder={t('people.searchPlaceholder')}
        value={search}
        onChange={setSearch}
        count={people.data && t(`people.count.${kind}`, { count: people.data.count })}
      />
      {people.isPending && <Skeleton height={120} aria-label={t('people.loading')} />}
      {people.isError && <Alert color="red">{errorText(people.error)}</Alert>}
      {people.data?.count === 0 && (
        <Text c="dimmed">{debounced.trim() ? t('people.noMatch') : t(`people.empty.${kind}`)}</Text>
      )}
      {people.data && people.data.results.length > 0 && (
        <PeopleTable kind={kind} people={people.data.results} {...props} />
      )}
      <ListPages label={t('people.pages')} page={page} count={people.data?.count} onChange={setPage} />
    </Stack>
  );
}

/**
 * The people at a venue, as the show office looks for them: riders enrolled, officials working
 * and simple users with an account there, each with their balance.
 */
export function PeopleAtVenue(props: PeopleProps) {
  const { t } = useTranslation('venueViews');
  return (
    <SectionCard title={t('people.title')} gap="xs">
      <Tabs defaultValue="rider" keepMounted={false}>
        <Tabs.List>
          {PEOPLE_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`people.kind.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PEOPLE_KINDS.map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            <PeoplePanel kind={kind} {...props} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </SectionCard>
  );
}

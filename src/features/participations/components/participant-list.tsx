import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueParticipation } from '@shared/schemas/participation';
import { errorText } from '@/lib/api-error';
import { ListPages, ListSearch, usePagedSearch } from '@/lib/components/paged-search';
import { useParticipations } from '../api/list-participations';
import { EnrolRiderForm, type EventOption } from './enrol-rider-form';
import { HeadNumberActions } from './head-number-actions';
import { ParticipantTable } from './participant-table';

interface ParticipantListProps {
  venueId: number;
  /** How amounts are labelled: the venue's currency display. */
  currency: string;
  events: EventOption[];
  /** Admins get a link to each rider's transactions at the venue. */
  showTransactions?: boolean;
  /** Where a rider's name leads (the organizer's rider page); not a link without it. */
  riderHref?: (participation: VenueParticipation) => string;
  /** More head-number tools beside the built-in ones (the route adds "Paste head numbers"). */
  headNumberTools?: ReactNode;
}

/** The riders at a venue: who pays, horses with head numbers, events and balance. */
export function ParticipantList({
  venueId,
  currency,
  events,
  showTransactions = false,
  riderHref,
  headNumberTools,
}: ParticipantListProps) {
  const { t } = useTranslation('participants');
  const { page, setPage, search, setSearch, debounced: debouncedSearch } = usePagedSearch();
  const participations = useParticipations(venueId, page, debouncedSearch);
  const [enrolling, setEnrolling] = useState(false);

  return (
    <Card withBorder component="section" aria-labelledby="participants-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="participants-title">
            {t('list.title')}
          </Title>
          <Group gap="xs">
            <HeadNumberActions venueId={venueId} />
            {headNumberTools}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEnrolling(true)}>
              {t('enrol.title')}
            </Button>
          </Group>
        </Group>
        <ListSearch
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          count={participations.data && t('list.count', { count: participations.data.count })}
        />
        {participations.isPending && <Skeleton height={120} aria-label={t('list.loading')} />}
        {participations.isError && <Alert color="red">{errorText(participations.error)}</Alert>}
        {participations.data?.count === 0 && (
          <Text c="dimmed">{debouncedSearch ? t('list.noMatch') : t('list.empty')}</Text>
        )}
        {participations.data && participations.data.results.length > 0 && (
          <ParticipantTable
            participations={participations.data.results}
            currency={currency}
            showTransactions={showTransactions}
            riderHref={riderHref}
          />
        )}
        <ListPages label={t('list.pages')} page={page} count={participations.data?.count} onChange={setPage} />
      </Stack>
      {enrolling && <EnrolRiderForm venueId={venueId} events={events} onClose={() => setEnrolling(false)} />}
    </Card>
  );
}

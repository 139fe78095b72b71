import { Alert, Anchor, Card, DataList, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { useAppStore } from '@/lib/store';
import { can } from '@shared/permissions';
import { formatDateRange } from '@/lib/format';
import { href, PATHS, type PathKey } from '@/lib/paths';
import { useVenue } from '../api/get-venue';
import { venuePlace } from '../venue-place';

const CONFIG_SECTIONS = [
  'venueConfigEdit',
  'venueEventCategories',
  'venueCompetitions',
  'venueConsumables',
  'venueTaxConfigurations',
  'venueUsers',
  'venueOther',
  'venueEmails',
  'venueWhitelabels',
] as const satisfies PathKey[];

/** The set-up a venue's organizer does itself (the server admits it for its own venue only). */
export const ORGANIZER_SETUP_SECTIONS = [
  'venueConfigEdit',
  'venueEventCategories',
  'venueCompetitions',
  'venueConsumables',
  'venueTaxConfigurations',
  'venueUsers',
  'venueOther',
  'venueWhitelabels',
] as const satisfies PathKey[];

const VIEWS = [
  'venueParticipants',
  'venueOfficials',
  'venueTransactions',
  'venueOfficialTransactions',
  'venueStartlists',
  'venueRankings',
  'venueImport',
  'venueOrganizerView',
  'venueVetcheckView',
  'venueSigninView',
  'venueWelcomedesk',
] as const satisfies PathKey[];

const ACTIONS = [
  'venueActionsInvoices',
  'venueActionsPayouts',
  'venueActionsBankStatements',
  'venueActionsOnboardingEmails',
  'venueActionsSendEmails',
  'venueActionsSendEmailsAttendees',
  'venueActionsUploadResults',
  'venueActionsGenerateXMLResults',
] as const satisfies PathKey[];

type VenuePageKey = (typeof CONFIG_SECTIONS)[number] | (typeof VIEWS)[number] | (typeof ACTIONS)[number];

interface LinkGridProps {
  title: string;
  id: string;
  pages: readonly VenuePageKey[];
  venueId: number;
}

function LinkGrid({ title, id, pages, venueId }: LinkGridProps) {
  const { t } = useTranslation(['venueSetup', 'routes']);
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {pages.map((key) => (
            <Stack key={key} gap={2}>
              <Anchor component={Link} to={href(key, { venueId })} fw={600}>
                {t(`routes:${PATHS[key].label}`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`overview.links.${key}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The organizer's way into the set-up of its own venue (a card on its dashboard). */
export function VenueSetupLinks({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venueSetup');
  return (
    <LinkGrid
      title={t('overview.setUpShow')}
      id="venue-setup-links"
      pages={ORGANIZER_SETUP_SECTIONS}
      venueId={venueId}
    />
  );
}

/**
 * A venue's configuration page: its key data, then the way to every section and view — for the
 * venue's organizer only the set-up it does itself (the views and actions are on its dashboard).
 */
export function VenueOverview({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venueSetup');
  const venue = useVenue(venueId);
  const admin = useAppStore((state) => can(state.user?.roles, 'dashboard.admin'));
  const yesNo = (value: boolean) => (value ? t('overview.yes') : t('overview.no'));
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="venue-key-data">
        <Stack>
          <Title order={2} size="h4" id="venue-key-data">
            {t('overview.keyData')}
          </Title>
          {venue.isPending && <Skeleton height={160} aria-label={t('overview.loading')} />}
          {venue.isError && <Alert color="red">{errorText(venue.error)}</Alert>}
          {venue.data && (
            <SimpleGrid cols={{ base: 1, md: venue.data.whitelabel_logo_url ? 2 : 1 }}>
              <DataList labelWidth={160}>
                {[
                  [t('venueForm.name'), venue.data.name],
                  [t('venueForm.feiId'), venue.data.fei_id],
                  [t('overview.place'), venuePlace(venue.data)],
                  [t('overview.dates'), formatDateRange(venue.data.start_date, venue.data.end_date)],
                  [t('venueForm.currency'), `${venue.data.currency} (${venue.data.currencyDisplay})`],
                  [t('venueForm.timeZone'), venue.data.time_zone],
                  [
                    t('overview.headNumbers'),
                    venue.data.head_number_from !== null && venue.data.head_number_to !== null
                      ? t('overview.range', { from: venue.data.head_number_from, to: venue.data.head_number_to })
                      : t('overview.notSet'),
                  ],
                  [t('other.selfCheckout'), yesNo(venue.data.self_checkout)],
                  [t('other.pricesIncludeTax'), yesNo(venue.data.prices_include_tax)],
                  [t('whitelabel.domain'), venue.data.whitelabel_domain ?? t('overview.notSet')],
                ].map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel>{label}</DataList.ItemLabel>
                    <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value || '—'}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList>
              {venue.data.whitelabel_logo_url && (
                <Image
                  src={venue.data.whitelabel_logo_url}
                  alt={t('whitelabel.logoAlt', { name: venue.data.name })}
                  h={96}
                  w="auto"
                  fit="contain"
                />
              )}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
      <LinkGrid
        title={t('overview.configuration')}
        id="venue-config-links"
        pages={admin ? CONFIG_SECTIONS : ORGANIZER_SETUP_SECTIONS}
        venueId={venueId}
      />
      {admin && <LinkGrid title={t('overview.views')} id="venue-view-links" pages={VIEWS} venueId={venueId} />}
      {admin && <LinkGrid title={t('overview.actions')} id="venue-action-links" pages={ACTIONS} venueId={venueId} />}
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BankAccountList } from '@/features/configuration/components/bank-account-list';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueSelect } from '@/features/venues/components/venue-select';

/** Bank accounts per venue: the venue is chosen here and kept in the address (`?venue=`). */
export function ConfigBankAccountsRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('venue');
  const venueId = param && /^\d+$/.test(param) ? Number(param) : null;
  return (
    <Stack>
      <Title order={1}>{t('routes:configBankAccounts')}</Title>
      <Text c="dimmed">{t('configuration:bankAccounts.intro')}</Text>
      <VenueSelect
        value={venueId}
        onChange={(id) => setSearchParams(id === null ? {} : { venue: String(id) }, { replace: true })}
      />
      {venueId === null ? (
        <Text c="dimmed">{t('configuration:bankAccounts.chooseVenue')}</Text>
      ) : (
        <VenueBankAccounts venueId={venueId} />
      )}
    </Stack>
  );
}

function VenueBankAccounts({ venueId }: { venueId: number }) {
  const venue = useVenue(venueId);
  if (!venue.data) return null;
  return <BankAccountList venueId={venueId} currency={venue.data.currency} />;
}

import { useParams } from 'react-router-dom';
import { OwnerShows } from '@/features/owner/components/owner-shows';
import { ReportList } from '@/features/owner/components/report-list';
import { ShowTransactions } from '@/features/owner/components/show-transactions';
import { useSectionHref } from '@/lib/owner-scope';
import { SectionPage } from './section-page';

export function ReportsRoute() {
  return <SectionPage>{(owner) => <ReportList owner={owner} />}</SectionPage>;
}

/** The owner's venues: shows (also the official's venues) or the balance per venue. */
function ShowsPage({ which }: { which: 'shows' | 'balance' }) {
  const sectionHref = useSectionHref();
  const transactionsHref = (venueId: number) =>
    sectionHref('ShowTransactions', { venueId }) ??
    sectionHref('VenueTransactions', { venueId }) ??
    sectionHref('RiderVenueTransactions', { venueId });
  return (
    <SectionPage>
      {(owner) => (
        <OwnerShows
          owner={owner}
          which={which}
          transactionsHref={transactionsHref}
          participationHref={(participationId) => sectionHref('ShowParticipation', { participationId })}
        />
      )}
    </SectionPage>
  );
}

export const ShowsRoute = () => <ShowsPage which="shows" />;
export const BalanceRoute = () => <ShowsPage which="balance" />;

/** The owner's entries at one venue (shows/:venueId/transactions and its variants). */
export function ShowTransactionsRoute() {
  const raw = Number(useParams().venueId);
  const venue = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <SectionPage>{(owner) => <ShowTransactions owner={owner} venue={venue} />}</SectionPage>;
}

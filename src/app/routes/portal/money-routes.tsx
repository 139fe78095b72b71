import { useParams } from 'react-router-dom';
import { CompensationBillList } from '@/features/compensation/components/compensation-bill-list';
import { PartyInvoiceList } from '@/features/invoices/components/party-invoice-list';
import { isInvoicedParty } from '@/features/invoices/party';
import { OwnerShows } from '@/features/owner/components/owner-shows';
import { ReportList } from '@/features/owner/components/report-list';
import { ShowTransactions } from '@/features/owner/components/show-transactions';
import { PartyReports } from '@/features/reports/components/party-reports';
import { isReportParty } from '@/features/reports/party';
import { useSectionHref } from '@/lib/owner-scope';
import { SelfCheckoutButton } from '../payments/self-checkout-button';
import { SectionPage } from './section-page';

/** The owner's statements per show, summaries and details, an official's compensation bills and, for a party that is invoiced, its invoices. */
export function ReportsRoute() {
  return (
    <SectionPage>
      {(owner) => (
        <>
          <ReportList owner={owner} />
          {isReportParty(owner.type) && <PartyReports party={{ type: owner.type, id: owner.id }} />}
          {owner.type === 'official' && <CompensationBillList official={owner.id} />}
          {isInvoicedParty(owner.type) && <PartyInvoiceList party={{ type: owner.type, id: owner.id }} />}
        </>
      )}
    </SectionPage>
  );
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
          participationHref={(participationId, venueId) =>
            sectionHref('ShowParticipation', { participationId }) ?? sectionHref('VenueParticipation', { venueId })
          }
        />
      )}
    </SectionPage>
  );
}

export const ShowsRoute = () => <ShowsPage which="shows" />;
export const BalanceRoute = () => <ShowsPage which="balance" />;

/** The owner's entries at one venue (shows/:venueId/transactions and its variants), and the rider's self-checkout there. */
export function ShowTransactionsRoute() {
  const raw = Number(useParams().venueId);
  const venue = Number.isInteger(raw) && raw > 0 ? raw : null;
  const sectionHref = useSectionHref();
  return (
    <SectionPage>
      {(owner) => {
        const checkout = venue === null ? null : sectionHref('ShowSelfCheckout', { riderId: owner.id, venueId: venue });
        return (
          <>
            {checkout && <SelfCheckoutButton to={checkout} />}
            <ShowTransactions owner={owner} venue={venue} />
          </>
        );
      }}
    </SectionPage>
  );
}

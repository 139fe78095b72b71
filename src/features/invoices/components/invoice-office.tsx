import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import type { JobRun } from '@shared/schemas/jobs';
import { useListFilters } from '@/lib/use-list-filters';
import { NO_INVOICE_FILTERS, useInvoices } from '../api/list-invoices';
import { INVOICE_JOB_KINDS, type InvoiceJobKind, type InvoiceJobSlot } from '../job-slot';
import { invoiceKeys } from '../keys';
import { InvoiceActions } from './invoice-actions';
import { InvoiceList } from './invoice-list';

interface InvoiceOfficeProps {
  venueId: number;
  invoiceHref(id: number): string;
  /** The progress of a run of the venue (jobs/VenueJob). */
  renderJob(slot: InvoiceJobSlot): ReactNode;
}

type Started = Record<InvoiceJobKind, { run: JobRun | null; lookAgain: number }>;
const NOTHING_STARTED: Started = {
  invoices: { run: null, lookAgain: 0 },
  invoice_emails: { run: null, lookAgain: 0 },
};

/**
 * The show office's invoices (admin and organizer): issue every invoice in one run, e-mail them,
 * download them all, and the list with filters and totals.
 */
export function InvoiceOffice({ venueId, invoiceHref, renderJob }: InvoiceOfficeProps) {
  const client = useQueryClient();
  const { page, setPage, filters, filter } = useListFilters(NO_INVOICE_FILTERS);
  const list = useInvoices(venueId, filters, page);
  const [started, setStarted] = useState<Started>(NOTHING_STARTED);

  const update = (kind: InvoiceJobKind, change: (slot: Started[InvoiceJobKind]) => Partial<Started[InvoiceJobKind]>) =>
    setStarted((current) => ({ ...current, [kind]: { ...current[kind], ...change(current[kind]) } }));

  return (
    <Stack>
      <InvoiceActions
        venueId={venueId}
        uninvoiced={list.data?.uninvoiced ?? null}
        onStarted={(kind, run) => update(kind, () => ({ run }))}
        onAlreadyRunning={(kind) => update(kind, (slot) => ({ lookAgain: slot.lookAgain + 1 }))}
      />
      {INVOICE_JOB_KINDS.map((kind) => (
        <Fragment key={kind}>
          {renderJob({
            kind,
            started: started[kind].run,
            lookAgain: started[kind].lookAgain,
            onFinished: () => void client.invalidateQueries({ queryKey: invoiceKeys.all }),
          })}
        </Fragment>
      ))}
      <InvoiceList
        list={list}
        filters={filters}
        onFilter={filter}
        page={page}
        onPage={setPage}
        invoiceHref={invoiceHref}
      />
    </Stack>
  );
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InvoiceParty } from '@shared/schemas/invoices';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { invoiceEmails, invoices } from '../../db/schema';
import { invoiceMail } from '../../mail/invoice-mail';
import type { JobHandler } from '../../plugins/jobs';
import { issuerOf, lastEntryId, parsePartyKey, partiesToInvoice, partyKey } from './invoice.repo';
import { datesOf, issueInvoice, type IssueOptions, type SellerSnapshot } from './issue';
import { renderInvoices, unrenderedOf } from './render';

/** The invoices of a venue an e-mail run sends: never sent (unless `resend`), of those named. */
const toEmail = (venueId: number, params: InvoiceEmailParams) =>
  and(
    eq(invoices.venueId, venueId),
    params.resend ? undefined : isNull(invoices.emailedAt),
    params.invoices?.length ? inArray(invoices.id, params.invoices) : undefined,
  );

/** Run parameters of an e-mail run of invoices. */
export interface InvoiceEmailParams {
  resend: boolean;
  invoices?: number[];
}

/**
 * The invoice run: one step per party with uninvoiced entries when the run began.
 * A step issues the party's invoice (number, lines, lock) in the transaction that marks it done,
 * then renders its Factur-X PDF and XRechnung outside it; `finish` renders whatever a crash left
 * unrendered. Steps run side by side: issuing waits in turn on the venue's number, rendering
 * spreads over the render pool.
 */
export function invoiceRun(ctx: AppContext): JobHandler {
  /** The issuer and the dates of a run, read once (a run issues on one day, as one issuer). */
  const setups = new Map<number, Promise<Pick<IssueOptions, 'issuer' | 'dates'>>>();
  const setupOf = (runId: number, venueId: number) => {
    let setup = setups.get(runId);
    if (!setup) {
      setup = (async () => {
        const issuer = await issuerOf(ctx.db, venueId);
        if (!issuer) return {};
        return { issuer, dates: await datesOf(ctx.db, issuer.timeZone, issuer.dueDays) };
      })();
      setups.set(runId, setup);
    }
    return setup;
  };
  return {
    kind: 'invoices',
    concurrency: 4,
    async plan(run, tx) {
      const cutoff = await lastEntryId(tx);
      const parties = await partiesToInvoice(tx, run.venueId!, cutoff);
      return { keys: parties.map(partyKey), params: { cutoff } };
    },
    async step({ run, key, complete, message }) {
      const { cutoff } = run.params as { cutoff: number };
      const setup = await setupOf(run.id, run.venueId!);
      const id = await complete((tx) =>
        issueInvoice(tx, run.venueId!, parsePartyKey(key), {
          cutoff,
          runId: run.id,
          userId: run.createdByUserId,
          ...setup,
        }),
      ).catch((err: unknown) => {
        // The party's invoice lacks data (nothing was issued): the office sees what, and whose.
        if (err instanceof AppError && err.code === 'invoice_incomplete') {
          message('invoice_incomplete', {
            party: String(err.params?.party ?? ''),
            missing: Array.isArray(err.fields) ? err.fields.join(',') : '',
          });
        }
        throw err;
      });
      if (id === null) return;
      const [row] = await renderInvoices(ctx.db, [id]);
      if (row?.error) message('invoice_render_failed', { number: row.number, party: row.party, error: row.error });
      else message('invoice_issued', { number: row?.number ?? '', party: row?.party ?? '' });
    },
    async finish(run, message) {
      setups.delete(run.id);
      const rendered = await renderInvoices(ctx.db, await unrenderedOf(ctx.db, run.venueId!));
      if (rendered.length) message('invoices_rendered', { count: rendered.length });
    },
  };
}

/**
 * The e-mail run of invoices: one step per invoice; each invoice goes once per
 * run (the step's row in invoice_emails is written in the transaction that marks it done, after
 * the message was accepted), and a new run sends only to those never sent unless `resend`.
 */
export function invoiceEmailRun(ctx: AppContext): JobHandler {
  return {
    kind: 'invoice_emails',
    concurrency: 4,
    async plan(run, tx) {
      const params = run.params as unknown as InvoiceEmailParams;
      const rows = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(toEmail(run.venueId!, params))
        .orderBy(invoices.number);
      return { keys: rows.map((r) => String(r.id)) };
    },
    async step({ run, key, complete, message }) {
      const id = Number(key);
      await renderInvoices(ctx.db, [id]);
      const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
      if (!invoice) return;
      const buyer = invoice.buyer as InvoiceParty;
      if (!buyer.email) {
        message('email_failed', { number: invoice.numberText, email: '' });
        throw new AppError('no_email');
      }
      const seller = invoice.seller as SellerSnapshot;
      const mail = invoiceMail(invoice.language, {
        kind: invoice.kind as 'invoice' | 'credit_note',
        number: invoice.numberText,
        show: seller.venue_name,
        name: buyer.name,
        seller: seller.name,
        grossMinor: invoice.grossMinor,
        currency: invoice.currency,
        dueDate: invoice.dueDate,
        reference: invoice.paymentReference,
      });
      const sent = ctx.mailer.delivery === 'smtp';
      try {
        await complete(async (tx) => {
          await ctx.mailer.sendNow({
            to: buyer.email!,
            ...mail,
            attachments: [
              {
                filename: `${invoice.numberText}.pdf`,
                content: Buffer.from(invoice.pdf ?? '', 'base64'),
                contentType: 'application/pdf',
              },
            ],
          });
          await tx.insert(invoiceEmails).values({ invoiceId: id, runId: run.id, email: buyer.email! });
          // Without a mail server the message is only written to the mail folder: the invoice
          // says so, is not marked e-mailed, and a run after a server is set sends it.
          await tx
            .update(invoices)
            .set(
              sent
                ? {
                    emailedAt: sql`now()`,
                    mailDelivery: 'sent',
                    status: sql`CASE WHEN ${invoices.status} = 'issued' THEN 'emailed' ELSE ${invoices.status} END`,
                  }
                : { mailDelivery: 'mail_folder' },
            )
            .where(eq(invoices.id, id));
          return id;
        });
      } catch (err) {
        message('email_failed', { number: invoice.numberText, email: buyer.email });
        throw err;
      }
      message(sent ? 'invoice_emailed' : 'invoice_mail_written', { number: invoice.numberText, email: buyer.email });
    },
  };
}

/** Invoices of a venue that an e-mail run would send. */
export async function emailable(ctx: AppContext, venueId: number, params: InvoiceEmailParams): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(toEmail(venueId, params));
  return row?.n ?? 0;
}

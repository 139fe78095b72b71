import type { EmailAudience, EmailRunFilters } from '@shared/schemas/email-runs';
import type { AppContext } from '../../context';
import type { JobHandler, RunRow } from '../../plugins/jobs';
import { createVenueRepo, type VenueRow } from '../venue/venue.repo';
import { composeMail, type RunMessage } from './email-message';
import type { Recipient } from './recipients.repo';

/** A run's parameters: everything it sends is fixed when it starts (a retry reuses them). */
export interface EmailRunParams {
  audience: EmailAudience;
  filters: EmailRunFilters;
  message: RunMessage;
  recipients: Recipient[];
  /** The run whose failed recipients this one writes to again. */
  retry_of: number | null;
}

export const paramsOf = (run: RunRow) => run.params as unknown as EmailRunParams;

/**
 * The e-mail run to a venue's people: one step per recipient, keyed by the
 * address in lower case. A step fills the message for its recipient and hands it to SMTP in the
 * transaction that marks the step done, so a resumed run does not write twice to whoever it
 * reached; a refused address fails its step, listed in the run's failures for a retry.
 */
export function emailRun(ctx: AppContext): JobHandler {
  const venues = createVenueRepo(ctx.db);
  /** Per run in hand: its venue and its recipients by key (looked up once, not per step). */
  const prepared = new WeakMap<RunRow, Promise<{ venue: VenueRow; byKey: Map<string, Recipient> }>>();
  const prepare = (run: RunRow) => {
    let ready = prepared.get(run);
    if (!ready) {
      ready = venues.findById(run.venueId!).then((venue) => {
        if (!venue) throw new Error(`venue ${run.venueId} is gone`);
        return { venue, byKey: new Map(paramsOf(run).recipients.map((r) => [r.key, r])) };
      });
      prepared.set(run, ready);
    }
    return ready;
  };

  return {
    kind: 'emails',
    concurrency: 4,
    async plan(run) {
      return { keys: paramsOf(run).recipients.map((r) => r.key) };
    },
    async step({ run, key, complete }) {
      const { venue, byKey } = await prepare(run);
      const recipient = byKey.get(key);
      if (!recipient) throw new Error('unknown recipient');
      const mail = await composeMail(ctx, venue, paramsOf(run).message, recipient, { personal: true });
      await complete(async () => {
        await ctx.mailer.sendNow({ to: recipient.email, subject: mail.subject, text: mail.text });
        return recipient.user ?? 0;
      });
    },
  };
}

import { DEMO_PASSWORD } from '@shared/constants';
import type { JobRun } from '@shared/schemas/jobs';
import { HttpClient, json, type Answer } from './http';
import type { Random } from './random';
import { VENUE, type SeededShow } from './seed';
import type { Stats } from './stats';

/**
 * The show office during the load: each office user reads what its screens read — the riders
 * with their balances, the venue's entries, one rider's entries — one request every few
 * seconds; the first starts the invoice run in the middle of the window and follows it as the
 * invoices page does (one poll a second). The results desk saves a result every few seconds,
 * which the spectators' live page receives.
 */

const now = () => performance.now();

async function timed(
  stats: Stats,
  kind: string,
  http: HttpClient,
  options: Parameters<HttpClient['request']>[0],
): Promise<Answer | null> {
  const t0 = now();
  try {
    const answer = await http.request(options);
    stats.time(kind, now() - t0);
    return answer;
  } catch (err) {
    stats.error(kind, 0, String(err));
    return null;
  }
}

function expectStatus(stats: Stats, kind: string, answer: Answer | null, status: number): answer is Answer {
  if (!answer) return false;
  if (answer.status === status) return true;
  stats.error(kind, answer.status, answer.body.toString('utf8').slice(0, 120));
  return false;
}

export async function signInOffice(base: string, username: string, stats: Stats): Promise<string> {
  const http = new HttpClient(base, 1);
  try {
    const answer = await timed(stats, 'office:signin', http, {
      method: 'POST',
      path: '/api/token/auth/',
      body: { username, password: DEMO_PASSWORD },
    });
    if (!expectStatus(stats, 'office:signin', answer, 200)) throw new Error(`sign-in of ${username} failed`);
    return json<{ token: string }>(answer).token;
  } finally {
    http.close();
  }
}

export class OfficeUser {
  private readonly http: HttpClient;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The invoice run's end (done or not), once it was started. */
  invoiceRun: Promise<void> | null = null;

  constructor(
    base: string,
    private readonly token: string,
    private readonly stats: Stats,
    private readonly show: SeededShow,
    private readonly random: Random,
  ) {
    this.http = new HttpClient(base);
  }

  private get(kind: string, path: string) {
    return timed(this.stats, kind, this.http, {
      method: 'GET',
      path,
      headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
    }).then((answer) => expectStatus(this.stats, kind, answer, 200));
  }

  /** One screen every 2–6 s until stopped. */
  start(): void {
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(
        () => {
          void this.oneScreen().finally(next);
        },
        2_000 + this.random() * 4_000,
      );
    };
    next();
  }

  private oneScreen(): Promise<boolean> {
    const pick = this.random();
    if (pick < 0.4) return this.get('office:balances', `/api/v1/rider/listAtVenue/?venue=${VENUE}`);
    if (pick < 0.8) return this.get('office:transactions', `/api/v1/transaction/?venue=${VENUE}`);
    const rider = this.show.riders[Math.floor(this.random() * this.show.riders.length)]!;
    return this.get('office:rider', `/api/v1/transaction/?venue=${VENUE}&party_type=rider&party_id=${rider}`);
  }

  /** Starts the invoice run and follows it until it ends; an end other than done is an error. */
  startInvoiceRun(): void {
    this.invoiceRun = (async () => {
      const t0 = now();
      const started = await timed(this.stats, 'office:invoice-start', this.http, {
        method: 'POST',
        path: `/api/v1/venue/${VENUE}/generateInvoices/`,
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (!expectStatus(this.stats, 'office:invoice-start', started, 202)) return;
      let run = json<JobRun>(started);
      while (run.status === 'queued' || run.status === 'running') {
        await new Promise((r) => setTimeout(r, 1_000));
        const polled = await timed(this.stats, 'office:invoice-poll', this.http, {
          method: 'GET',
          path: `/api/v1/jobs/${run.id}/`,
          headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
        });
        if (!expectStatus(this.stats, 'office:invoice-poll', polled, 200)) return;
        run = json<JobRun>(polled);
      }
      this.stats.time('office:invoice-run', now() - t0);
      // A party whose invoice lacks data (the load's riders have no postal address) is a failed
      // step the run names, as designed; any other failure is an error.
      const reasons: Record<string, number> = {};
      for (const failure of run.failures) {
        const reason = failure.error.includes('invoice_incomplete') ? 'invoice_incomplete' : failure.error;
        reasons[reason] = (reasons[reason] ?? 0) + 1;
        if (reason !== 'invoice_incomplete') this.stats.error('office:invoice-step', 0, reason.slice(0, 120));
      }
      this.stats.invoiceRun = { status: run.status, total: run.total, done: run.done, failed: run.failed, reasons };
      if (run.status !== 'done') this.stats.error('office:invoice-run', 200, run.status);
    })();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  close(): void {
    this.stop();
    this.http.close();
  }
}

/** Saves a result every `everyMs`, telling `onSave` the entry and the absolute time it was sent. */
export class ResultsDesk {
  private readonly http: HttpClient;
  private timer: ReturnType<typeof setInterval> | undefined;
  private n = 0;
  saves = 0;

  constructor(
    base: string,
    private readonly token: string,
    private readonly stats: Stats,
    private readonly show: SeededShow,
    private readonly onSave: (entry: number, at: number) => void,
  ) {
    this.http = new HttpClient(base, 1);
  }

  start(everyMs: number): void {
    this.timer = setInterval(() => void this.save(), everyMs);
  }

  private async save(): Promise<void> {
    const i = this.n++;
    const entry = this.show.entries[i % this.show.entries.length]!;
    this.onSave(entry, performance.timeOrigin + performance.now());
    this.saves += 1;
    const answer = await timed(this.stats, 'office:result-save', this.http, {
      method: 'PUT',
      path: `/api/v1/competitionEntry/${entry}/result/`,
      headers: { authorization: `Bearer ${this.token}` },
      body: { status: 'R', round: { faults: (i % 3) * 4, time_faults: 0, time_ms: 60_000 + (i % 500) * 137 } },
    });
    expectStatus(this.stats, 'office:result-save', answer, 200);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  close(): void {
    this.stop();
    this.http.close();
  }
}

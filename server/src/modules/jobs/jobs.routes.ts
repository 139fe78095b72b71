import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { jobList, jobListQuery, jobRun, type JobKind, type JobRun, type JobStatus } from '@shared/schemas/jobs';
import type { JobMessage } from '@shared/schemas/jobs';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { RunRow } from '../../plugins/jobs';
import type { App, RequestUser } from '../../types';
import { assertKnownVenueAccess, assertVenueAccess } from '../venue/venue-access';

const params = z.object({ id: idParam });

/** A run on the wire: live progress counted from its steps, messages newest first. */
export async function runsToWire(ctx: AppContext, runs: RunRow[]): Promise<JobRun[]> {
  const { progress, failures } = await ctx.jobs.details(runs.map((r) => r.id));
  return runs.map((run) => {
    const live = progress.get(run.id);
    return {
      id: run.id,
      kind: run.kind as JobKind,
      venue: run.venueId,
      status: run.status as JobStatus,
      total: run.total,
      done: live?.done ?? run.done,
      failed: live?.failed ?? run.failed,
      cancel_requested: run.cancelRequested > 0,
      messages: [...(run.messages as JobMessage[])].reverse(),
      failures: failures.filter((f) => f.runId === run.id).map((f) => ({ key: f.key, error: f.error ?? '' })),
      created_at: run.createdAt.toISOString(),
      started_at: run.startedAt?.toISOString() ?? null,
      finished_at: run.finishedAt?.toISOString() ?? null,
    };
  });
}

/** A run the user may see: its venue's show office, or an admin. Unknown runs are 404. */
async function visibleRun(ctx: AppContext, user: RequestUser, id: number): Promise<RunRow> {
  const run = await ctx.jobs.find(id);
  if (!run) throw new AppError('not_found');
  if (run.venueId === null) {
    if (!user.roles.includes('admin')) throw new AppError('forbidden');
  } else assertVenueAccess(user, run.venueId, { office: true });
  return run;
}

/** /api/v1/jobs/{id}/, …/cancel/ and /api/v1/venue/{id}/jobs/ (src/shared/schemas/jobs.ts). */
export function jobRoutes(app: App, ctx: AppContext): void {
  const tags = ['jobs'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/jobs/:id/',
    {
      schema: { tags, security, summary: 'One background run with its progress', params, response: { 200: jobRun } },
      config: { policy: 'jobs.read' },
    },
    async (request) => {
      const run = await visibleRun(ctx, sessionOf(request), request.params.id);
      return (await runsToWire(ctx, [run]))[0]!;
    },
  );

  app.post(
    '/api/v1/jobs/:id/cancel/',
    {
      schema: {
        tags,
        security,
        summary: 'Ask a queued or running run to stop after its current step',
        params,
        response: { 200: jobRun },
      },
      config: { policy: 'jobs.read' },
    },
    async (request) => {
      await visibleRun(ctx, sessionOf(request), request.params.id);
      await ctx.jobs.cancel(request.params.id);
      const run = await ctx.jobs.find(request.params.id);
      return (await runsToWire(ctx, [run!]))[0]!;
    },
  );

  app.get(
    '/api/v1/venue/:id/jobs/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's latest background runs, newest first",
        params,
        querystring: jobListQuery,
        response: { 200: jobList },
      },
      config: { policy: 'jobs.read' },
    },
    async (request) => {
      await assertKnownVenueAccess(ctx.db, sessionOf(request), request.params.id, { office: true });
      const runs = await ctx.jobs.list(request.params.id, request.query.kind);
      return { results: await runsToWire(ctx, runs) };
    },
  );
}

import { z } from 'zod';
import {
  errorReportQuery,
  errorReportRequest,
  errorReportResponse,
  type ErrorReport,
} from '@shared/schemas/error-report';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createErrorReportRepo, type ErrorReportListRow } from './error-report.repo';

const toWire = ({ report: r, username }: ErrorReportListRow): ErrorReport => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  method: r.method ?? undefined,
  url: r.url,
  message: r.message,
  stack: r.stack ?? undefined,
  page: r.page ?? undefined,
  version: r.version ?? undefined,
  user_id: r.userId,
  username,
  user_agent: r.userAgent,
  created_at: r.createdAt.toISOString(),
});

/** The PWA reports 5xx answers, network failures and uncaught errors here (spec §8). */
export function errorReportRoutes(app: App, ctx: AppContext): void {
  const reports = createErrorReportRepo(ctx.db);
  const tags = ['error report'];

  app.post(
    '/api/v1/errorReport/',
    {
      schema: {
        tags,
        summary: 'Report a client-side failure (token optional)',
        body: errorReportRequest,
        response: { 201: z.object({ id: z.number().int() }) },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'report') },
    },
    async (request, reply) => {
      const { body } = request;
      const id = await reports.insert({
        ...body,
        status: body.status ?? null,
        userId: request.user?.id ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        ip: request.ip,
      });
      request.log.warn({ reportId: id, kind: body.kind, status: body.status, url: body.url }, 'client error reported');
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/api/v1/errorReport/',
    {
      schema: {
        tags,
        summary: 'Reported failures, newest first, by kind and HTTP status (admins)',
        security: [{ bearer: [] }],
        querystring: errorReportQuery,
        response: { 200: errorReportResponse },
      },
      config: { policy: 'errorReport.read' },
    },
    async (request) => {
      const { kind, status, ...page } = request.query;
      const { count, rows } = await reports.list({ kind, status }, pageOf(page));
      return { count, results: rows.map(toWire) };
    },
  );
}

import { auditLogQuery, auditLogResponse, type AuditLogEntry } from '@shared/schemas/audit-log';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { App } from '../../types';
import { createAuditLogRepo, type AuditLogListRow } from './audit-log.repo';

const toWire = ({ entry: r, actor, impersonator, target }: AuditLogListRow): AuditLogEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor_user_id: r.actorUserId,
  actor_username: actor,
  impersonator_id: r.impersonatorId,
  impersonator_username: impersonator,
  action: r.action,
  target_user_id: r.targetUserId,
  target_username: target,
  ip: r.ip,
  user_agent: r.userAgent,
  details: r.details,
});

export function auditLogRoutes(app: App, ctx: AppContext): void {
  const log = createAuditLogRepo(ctx.db);

  app.get(
    '/api/v1/auditLog/',
    {
      schema: {
        tags: ['audit log'],
        summary: 'Sign-ins, impersonations and other security events, newest first (admins)',
        security: [{ bearer: [] }],
        querystring: auditLogQuery,
        response: { 200: auditLogResponse },
      },
      config: { policy: 'audit.read' },
    },
    async (request) => {
      const { action, user, ...page } = request.query;
      const { count, rows } = await log.list({ action, userId: user }, pageOf(page));
      return { count, results: rows.map(toWire) };
    },
  );
}

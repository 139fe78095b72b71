import { z } from 'zod';
import { MAX_ID } from '@shared/schemas/common';
import {
  balanceCheck,
  balanceOverview,
  balanceOverviewQuery,
  balanceSummary,
  findClientQuery,
  findClientResult,
  myBalances,
} from '@shared/schemas/ledger';
import type { AppContext } from '../../context';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { createBalanceService } from './balance.service';

const checkQuery = z.object({
  venue: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
});

/** Balances (src/shared/schemas/ledger.ts): the overviews are admin only; everyone sees their own. */
export function balanceRoutes(app: App, ctx: AppContext): void {
  const balances = createBalanceService(ctx);
  const tags = ['balance'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/balance/',
    {
      schema: {
        tags,
        security,
        summary: "A venue's party balances, totals and VAT per rate",
        querystring: balanceOverviewQuery,
        response: { 200: balanceOverview },
      },
      config: { policy: 'balances.read' },
    },
    (request) => balances.overview(request.query),
  );

  app.get(
    '/api/v1/balance/summary/',
    {
      schema: { tags, security, summary: 'Totals per venue and per currency', response: { 200: balanceSummary } },
      config: { policy: 'balances.read' },
    },
    () => balances.summary(),
  );

  app.get(
    '/api/v1/balance/findClient/',
    {
      schema: {
        tags,
        security,
        summary: 'Parties by name or e-mail, with their balance at each venue',
        querystring: findClientQuery,
        response: { 200: findClientResult },
      },
      config: { policy: 'balances.read' },
    },
    (request) => balances.findClient(request.query.search),
  );

  app.get(
    '/api/v1/balance/mine/',
    {
      schema: { tags, security, summary: "The signed-in user's own balances", response: { 200: myBalances } },
      config: { policy: 'balance.own' },
    },
    (request) => balances.mine(sessionOf(request)),
  );

  app.get(
    '/api/v1/balance/check/',
    {
      schema: {
        tags,
        security,
        summary: 'Recompute every balance from the journal and compare',
        querystring: checkQuery,
        response: { 200: balanceCheck },
      },
      config: { policy: 'balances.read' },
    },
    (request) => balances.check(request.query.venue),
  );
}

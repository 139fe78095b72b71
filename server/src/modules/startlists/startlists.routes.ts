import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  drawInput,
  entryCandidates,
  entryInput,
  fromEventResult,
  orderInput,
  startList,
  startListEntry,
  startlistOverview,
} from '@shared/schemas/startlists';
import type { AppContext } from '../../context';
import { idempotencyOf, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { readerLanguage } from '../reports/reader-language';
import { sendFile } from '../reports/send-file';
import { startListPdf } from './startlist-pdf';
import { createStartlistService } from './startlists.service';

const params = z.object({ id: idParam });

/** Entries and start lists (src/shared/schemas/startlists.ts lists the endpoints). */
export function startlistRoutes(app: App, ctx: AppContext): void {
  const service = createStartlistService(ctx);
  const tags = ['startlists'];
  const security = [{ bearer: [] }];
  const config = { policy: 'startlist.manage' as const };

  app.get(
    '/api/v1/venue/:id/startlists/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's competitions by event with their entry counts",
        params,
        response: { 200: startlistOverview },
      },
      config,
    },
    (request) => service.overview(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/competition/:id/startlist/',
    {
      schema: {
        tags,
        security,
        summary: 'The start list: entries in the order of go with start times and head numbers, withdrawn ones after',
        params,
        response: { 200: startList },
      },
      config,
    },
    (request) => service.startList(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/competition/:id/startlist.pdf',
    { schema: { tags, security, summary: 'The printable start list (PDF)', params }, config },
    async (request, reply) => {
      const { competition, list } = await service.printable(sessionOf(request), request.params.id);
      const language = await readerLanguage(ctx.db, request);
      const body = await startListPdf(list, competition.venueName, competition.timeZone, language);
      return sendFile(reply, {
        fileName: `startlist-${competition.id}.pdf`,
        contentType: 'application/pdf',
        body,
      });
    },
  );

  app.get(
    '/api/v1/competition/:id/candidates/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's riders and horses not entered in the competition (for a late entry)",
        params,
        response: { 200: entryCandidates },
      },
      config,
    },
    (request) => service.candidates(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/competition/:id/entries/',
    {
      schema: {
        tags,
        security,
        summary:
          'Enter a VEC participation, or a rider and their horse at the venue; the entry fee is charged once (late after the draw)',
        params,
        body: entryInput,
        response: { 201: startListEntry },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.addEntry(request, request.params.id, request.body, idempotencyOf(request))),
  );

  app.post(
    '/api/v1/competition/:id/entries/fromEvent/',
    {
      schema: {
        tags,
        security,
        summary: "Enter every VEC participation of the competition's event not entered yet",
        params,
        response: { 200: fromEventResult },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.enterFromEvent(request, request.params.id, idempotencyOf(request))),
  );

  app.post(
    '/api/v1/competitionEntry/:id/withdraw/',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw an entry: the fee is reversed before the entry deadline; twice changes nothing',
        params,
        response: { 200: startListEntry },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.withdraw(request, request.params.id, idempotencyOf(request))),
  );

  app.post(
    '/api/v1/competition/:id/draw/',
    {
      schema: {
        tags,
        security,
        summary:
          'Draw the order of go (seeded, reproducible; one rider’s horses kept apart); refused once results exist',
        params,
        body: drawInput,
        response: { 200: startList },
      },
      config,
    },
    async (request, reply) =>
      sendOutcome(reply, await service.draw(request, request.params.id, request.body, idempotencyOf(request))),
  );

  app.put(
    '/api/v1/competition/:id/order/',
    {
      schema: {
        tags,
        security,
        summary: 'A new order of go by hand: exactly the entered entries; starters with a result keep their place',
        params,
        body: orderInput,
        response: { 200: startList },
      },
      config,
    },
    (request) => service.reorder(request, request.params.id, request.body.entries),
  );
}

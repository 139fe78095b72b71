import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { horse, horseInput } from '@shared/schemas/participation';
import { duplicateGroup, mergeHorseInput } from '@shared/schemas/people';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { createHorseService } from './horse.service';

const params = z.object({ id: idParam });

/** Admin horse records: duplicates, edit, merge (policy horse.merge). */
export function horseRoutes(app: App, ctx: AppContext): void {
  const horses = createHorseService(ctx);
  const tags = ['horse'];
  const security = [{ bearer: [] }];
  const config = { policy: 'horse.merge' } as const;

  app.get(
    '/api/v1/horse/duplicates/',
    {
      schema: {
        tags,
        security,
        summary: 'Horses sharing a normalised name or a national id',
        response: { 200: z.object({ results: z.array(duplicateGroup) }) },
      },
      config,
    },
    () => horses.duplicates(),
  );
  app.get('/api/v1/horse/:id/', { schema: { tags, security, params, response: { 200: horse } }, config }, (request) =>
    horses.get(request.params.id),
  );
  app.patch(
    '/api/v1/horse/:id/',
    { schema: { tags, security, params, body: horseInput, response: { 200: horse } }, config },
    (request) => horses.update(request, request.params.id, request.body),
  );
  app.post(
    '/api/v1/horse/:id/merge/',
    {
      schema: {
        tags,
        security,
        summary: 'Move every link of the horse to `into` and delete it',
        params,
        body: mergeHorseInput,
        response: { 200: horse },
      },
      config,
    },
    (request) => horses.merge(request, request.params.id, request.body.into),
  );
}

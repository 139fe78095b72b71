import { z } from 'zod';
import {
  country,
  countryInput,
  currency,
  currencyInput,
  eventCategory,
  eventCategoryInput,
} from '@shared/schemas/configuration';
import { idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { bankAccountRoutes } from './bank-account.routes';
import { noContent } from './no-content';
import { patchBody } from './patch-body';
import { createReferenceService } from './reference.service';
import { taxTypeRoutes } from './tax-type.routes';
import { termsRoutes } from './terms.routes';

const codeParams = z.object({ code: z.string().trim().toUpperCase().max(3) });
const idParams = z.object({ id: idParam });

/** Admin configuration: reference data, tax types, terms, venue bank accounts. */
export function configurationRoutes(app: App, ctx: AppContext): void {
  const reference = createReferenceService(ctx);
  const tags = ['configuration'];
  const security = [{ bearer: [] }];
  const read = { policy: 'config.read' } as const;
  const manage = { policy: 'config.manage' } as const;

  app.get(
    '/api/v1/country/',
    { schema: { tags, security, querystring: listQuery, response: { 200: paginated(country) } }, config: read },
    (request) => reference.listCountries(request.query),
  );
  app.post(
    '/api/v1/country/',
    { schema: { tags, security, body: countryInput, response: { 201: country } }, config: manage },
    async (request, reply) => reply.status(201).send(await reference.createCountry(request, request.body)),
  );
  app.patch(
    '/api/v1/country/:code/',
    {
      schema: { tags, security, params: codeParams, body: patchBody(countryInput), response: { 200: country } },
      config: manage,
    },
    (request) => reference.updateCountry(request, request.params.code, request.body),
  );
  app.delete(
    '/api/v1/country/:code/',
    { schema: { tags, security, params: codeParams, response: noContent }, config: manage },
    async (request, reply) => {
      await reference.deleteCountry(request, request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/currency/',
    { schema: { tags, security, querystring: listQuery, response: { 200: paginated(currency) } }, config: read },
    (request) => reference.listCurrencies(request.query),
  );
  app.post(
    '/api/v1/currency/',
    { schema: { tags, security, body: currencyInput, response: { 201: currency } }, config: manage },
    async (request, reply) => reply.status(201).send(await reference.createCurrency(request, request.body)),
  );
  app.patch(
    '/api/v1/currency/:code/',
    {
      schema: { tags, security, params: codeParams, body: patchBody(currencyInput), response: { 200: currency } },
      config: manage,
    },
    (request) => reference.updateCurrency(request, request.params.code, request.body),
  );
  app.delete(
    '/api/v1/currency/:code/',
    { schema: { tags, security, params: codeParams, response: noContent }, config: manage },
    async (request, reply) => {
      await reference.deleteCurrency(request, request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/eventCategory/',
    {
      schema: { tags, security, querystring: listQuery, response: { 200: paginated(eventCategory) } },
      config: read,
    },
    (request) => reference.listEventCategories(request.query),
  );
  app.post(
    '/api/v1/eventCategory/',
    { schema: { tags, security, body: eventCategoryInput, response: { 201: eventCategory } }, config: manage },
    async (request, reply) => reply.status(201).send(await reference.createEventCategory(request, request.body)),
  );
  app.patch(
    '/api/v1/eventCategory/:id/',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: patchBody(eventCategoryInput),
        response: { 200: eventCategory },
      },
      config: manage,
    },
    (request) => reference.updateEventCategory(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/eventCategory/:id/',
    { schema: { tags, security, params: idParams, response: noContent }, config: manage },
    async (request, reply) => {
      await reference.deleteEventCategory(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  taxTypeRoutes(app, ctx);
  termsRoutes(app, ctx);
  bankAccountRoutes(app, ctx);
}

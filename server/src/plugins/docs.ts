import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@shared/constants';
import type { Config } from '../config';
import type { App } from '../types';

/** OpenAPI from the routes' zod schemas: JSON at /api/docs/json, UI at /api/docs. */
export async function registerDocs(app: App, config: Pick<Config, 'version'>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Each operation names its policy (`x-policy`, a key of src/shared/permissions.ts or
    // 'public'): the document says who may call what, and the permission walk reads it.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const policy = (input.route.config as { policy?: string } | undefined)?.policy;
      return policy ? { ...out, schema: { ...out.schema, 'x-policy': policy } } : out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}

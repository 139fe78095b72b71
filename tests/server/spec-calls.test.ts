import { describe, expect, it } from 'vitest';
import { SPEC_CALLS, SPEC_CALLS_OUTSIDE_OPENAPI } from '../spec/coverage-table';
import { useTestServer } from './helpers/use-server';

/*
 * Spec §7's calls (the table in tests/spec/coverage-table.ts) against the OpenAPI document the
 * running server serves at /api/docs/json: each call must be a documented operation, with the
 * query parameters the spec names, and the bulk creates must take an array.
 */

const server = useTestServer();

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Does the body schema accept a JSON array (directly or as one branch of a union)? */
function takesArray(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesArray);
}

describe('spec §7 calls (tests/spec/coverage-table.ts)', () => {
  let doc: Document;
  const split = (entry: string) => {
    const [method = '', path = ''] = entry.split(' ');
    return { method, path };
  };
  const operation = (entry: string): Operation | undefined => {
    const { method, path } = split(entry);
    return doc.paths[path]?.[method.toLowerCase()];
  };

  it('reads the OpenAPI document', async () => {
    const app = await server().buildApp({});
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    for (const row of SPEC_CALLS_OUTSIDE_OPENAPI) {
      for (const entry of row.operations) {
        const { method, path } = split(entry);
        expect(app.hasRoute({ method: method as 'GET' | 'POST', url: path }), `${row.spec}: ${entry}`).toBe(true);
      }
    }
  });

  for (const row of SPEC_CALLS) {
    it(`${row.section}: ${row.spec}`, () => {
      for (const entry of row.operations)
        expect(operation(entry), `${entry} is not in the OpenAPI document`).toBeDefined();
      const [head = ''] = row.operations;
      const first = operation(head)!;
      for (const name of row.query ?? []) {
        const names = (first.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        expect(names, `${head} has no query parameter ${name}`).toContain(name);
      }
      if (row.bulk) {
        const schema = first.requestBody?.content?.['application/json']?.schema;
        expect(takesArray(schema), `${head} takes no array`).toBe(true);
      }
    });
  }
});

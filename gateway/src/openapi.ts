import { z } from 'zod';
import { problemSchema, type RouteSpec } from '@erp/contracts';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});

/** The OpenAPI 3.1 document of the public API, built from the same zod contracts the services parse with. */
export function buildOpenApi(routes: readonly RouteSpec[]): Json {
  const paths: Record<string, Json> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const isPublic = r.access.kind === 'public' || r.access.kind === 'provider';
    const responses: Json = {
      [String(r.status ?? 200)]: {
        description: 'OK',
        ...(r.response
          ? { content: { 'application/json': { schema: schemaOf(r.response, 'output') } } }
          : {}),
      },
      400: problem('Validation failed: per-field errors in `errors`'),
      401: problem('No or expired token, wrong credentials, or no active subscription'),
    };
    if (r.access.kind === 'permission' || r.access.kind === 'admin')
      responses[403] = problem('Missing permission');
    if (r.params) responses[404] = problem('Not found (or another tenant’s id)');
    if (r.method !== 'get') responses[409] = problem('Conflict (code already used, referenced record, …)');
    paths[path] ??= {};
    (paths[path] as Json)[r.method] = {
      tags: [r.tag],
      summary: r.summary,
      description:
        r.access.kind === 'permission'
          ? `Permission: \`${r.access.name}\` (admins bypass).`
          : r.access.kind === 'provider'
            ? 'Provider key (X-Provider-Key) required.'
            : `Access: ${r.access.kind}.`,
      operationId: `${r.method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      parameters: [
        ...parametersOf(r.params, 'path'),
        ...parametersOf(r.query, 'query'),
        { $ref: '#/components/parameters/Language' },
        { $ref: '#/components/parameters/BranchId' },
        { $ref: '#/components/parameters/FiscalYear' },
      ],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaOf(r.body, 'input') } },
            },
          }
        : {}),
      responses,
      ...(isPublic ? { security: [] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP platform API',
      version: '1.0.0',
      description:
        'Errors are RFC 9457 problem details whose `detail` is translated per the Language header.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      parameters: {
        Language: {
          name: 'Language',
          in: 'header',
          schema: { type: 'string', enum: ['ar', 'en', 'fr', 'de', 'pt', 'ku'] },
        },
        BranchId: { name: 'BranchId', in: 'header', schema: { type: 'string' } },
        FiscalYear: { name: 'FiscalYear', in: 'header', schema: { type: 'integer' } },
      },
      schemas: { Problem: schemaOf(problemSchema, 'output') },
    },
  };
}

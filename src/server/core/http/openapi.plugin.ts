/**
 * An OpenAPI 3.1 document generated from the route schemas, served at /api/docs/json when
 * API_DOCS is on (the default except in production; docs/architecture.md §2). Routes are collected as
 * they are registered, so this plugin must come before the routes.
 */
import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { APP_NAME } from '@shared/constants';
import { OpenApiResponses } from '@shared/contract/health';

type Operation = Record<string, unknown>;
type Schema = Record<string, unknown>;

const DOC_PATH = '/api/docs/json';

function parameters(location: 'query' | 'path', schema: unknown): Operation[] {
  const properties = (schema as Schema | undefined)?.properties as Record<string, Schema> | undefined;
  const required = ((schema as Schema | undefined)?.required as string[] | undefined) ?? [];
  return Object.entries(properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

function responses(schema: Record<string, unknown> | undefined): Record<string, Operation> {
  const out: Record<string, Operation> = {};
  for (const [status, body] of Object.entries(schema ?? {})) {
    out[status.toUpperCase()] = { description: status, content: { 'application/json': { schema: body } } };
  }
  return Object.keys(out).length ? out : { '200': { description: 'OK' } };
}

function operation(route: RouteOptions): Operation {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const op: Operation = {
    tags: schema.tags,
    summary: schema.summary,
    parameters: [...parameters('path', schema.params), ...parameters('query', schema.querystring)],
    responses: responses(schema.response as Record<string, unknown> | undefined),
  };
  if (schema.body) op.requestBody = { required: true, content: { 'application/json': { schema: schema.body } } };
  if (schema.security) op.security = schema.security;
  return op;
}

export default fp(
  async (app) => {
    // Off: the path answers the usual 404 envelope, like any unknown /api path.
    if (!app.config.apiDocs) return;
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      // Every API route, with a schema or not: a route without one shows up (and fails the test).
      if (route.url.startsWith('/api/') && route.url !== DOC_PATH) routes.push(route);
    });

    let document: Record<string, unknown> | undefined;
    app.get(DOC_PATH, { schema: { response: OpenApiResponses } }, async () => {
      if (!document) {
        const paths: Record<string, Record<string, Operation>> = {};
        for (const route of routes) {
          const url = route.url.replace(/:(\w+)/g, '{$1}');
          const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
          for (const method of methods) (paths[url] ??= {})[method.toLowerCase()] = operation(route);
        }
        document = {
          openapi: '3.1.0',
          info: { title: `${APP_NAME} API`, version: '1' },
          components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
          paths,
        };
      }
      return document;
    });
  },
  { name: 'openapi', fastify: '5.x', decorators: { fastify: ['config'] } },
);

/** GET /api/health and /api/ready (docs/architecture.md#http-api), and the OpenAPI document at /api/docs/json. */
import { Type } from '@sinclair/typebox';
import { Replies } from './envelope';

const HealthStatus = Type.Object({ data: Type.Object({ status: Type.String() }) });
export const HealthResponses = Replies(HealthStatus);

/** The generated OpenAPI 3.1 document; operations stay free-form JSON Schema. */
export const OpenApiDocument = Type.Object({
  openapi: Type.String(),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  components: Type.Record(Type.String(), Type.Unknown()),
  paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
});
export const OpenApiResponses = Replies(OpenApiDocument);

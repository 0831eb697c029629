/**
 * The wire envelope every route shares (ARCHITECTURE §3): `{ data }` on success and
 * `{ error: { code, description, type, details? } }` on failure.
 */
import { type TSchema, Type } from '@sinclair/typebox';

const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

const ErrorEnvelope = Type.Object({
  error: Type.Object({
    code: Type.String(),
    description: Type.String(),
    type: Type.String(),
    details: Type.Optional(Type.Array(FieldErrorSchema)),
  }),
});

/** The error statuses a route may answer, for response schemas and the OpenAPI document. */
export const ErrorResponses = {
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

export const Empty = Type.Object({});

export interface ApiSuccess<T> {
  data: T;
}

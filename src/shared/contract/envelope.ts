/**
 * The wire envelope every route shares (docs/architecture.md#http-api): `{ data }` on success and
 * `{ error: { code, description, type, details?, requestId? } }` on failure.
 */
import { type TLiteral, type TSchema, type TUnion, Type } from '@sinclair/typebox';

const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

const ErrorEnvelope = Type.Object({
  error: Type.Object({
    code: Type.String(),
    description: Type.String(),
    type: Type.String(),
    details: Type.Optional(Type.Array(FieldErrorSchema)),
    /** ACCOUNT_NOT_VERIFIED only: whether this answer mailed a fresh code (docs/architecture.md#accounts). */
    codeSent: Type.Optional(Type.Boolean()),
    /** With `codeSent`: seconds until another code may be asked for. */
    resendAfterS: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The id the server logged the request under: the reference shown under the message (docs/qa-replay.md). */
    requestId: Type.Optional(Type.String({ maxLength: 128 })),
  }),
});

/** The error statuses a route may answer, for response schemas and the OpenAPI document. */
export const ErrorResponses = {
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

/** A route's response schemas by status: the answer on 200, the error envelope otherwise. */
export const Replies = <T extends TSchema>(ok: T) => ({ 200: ok, ...ErrorResponses });

/** One of a few fixed strings (a status, a source, a reason). */
export const Literals = <const T extends readonly [string, ...string[]]>(...values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>;
  }>;

export const Empty = Type.Object({});

/** A 204 answer: no body at all. */
export const NoContent = Type.Null({ description: 'No content' });

export interface ApiSuccess<T> {
  data: T;
}

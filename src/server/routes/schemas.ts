/** Schemas every route shares: the error envelope (ARCHITECTURE §3) and the success wrapper. */
import { Type, type TSchema } from '@sinclair/typebox';

export const ErrorEnvelope = Type.Object({
  error: Type.Object({
    code: Type.String(),
    description: Type.String(),
    type: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  }),
});

/** The error statuses a route may answer, for response schemas and the OpenAPI document. */
export const ErrorResponses = {
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

export const Empty = Type.Object({});

/**
 * "My bookmakers" (docs/api.md): GET and PUT /api/users/me/books, the books the person has
 * accounts at. `answered` is false until the person first saved or skipped the question.
 */
import { type Static, Type } from '@sinclair/typebox';
import { Data, ErrorResponses } from './envelope';

/** Checked by the service against the known books, so an unknown one answers UNKNOWN_BOOKMAKER. */
export const MyBooksBody = Type.Object(
  {
    books: Type.Array(Type.Integer({ minimum: 0, maximum: 999 }), {
      maxItems: 10,
      description: 'Provider ids; an empty list says "none" (the question counts as answered)',
    }),
  },
  { additionalProperties: false },
);

const MyBooksSchema = Type.Object({
  books: Type.Array(Type.Integer(), { description: "Provider ids in the lookups' order, each once" }),
  answered: Type.Boolean({ description: 'Whether the person has saved (or skipped) the choice' }),
});

export const MyBooksResponse = { 200: Data(MyBooksSchema), ...ErrorResponses };

export type MyBooksDto = Static<typeof MyBooksSchema>;

/** POST /api/users/feedback (docs/architecture.md#http-api): anonymous feedback from a logged-in user. */
import { Type } from '@sinclair/typebox';
import { Data, Empty, ErrorResponses } from './envelope';

/** Trimmed and measured by the service; this bound only stops absurd bodies early. */
export const FeedbackBody = Type.Object({ message: Type.String({ maxLength: 20_000 }) });
export const FeedbackResponse = { 201: Data(Empty), ...ErrorResponses };

/** The feedback form's endpoint, injected into the one api slice. */
import { api } from '../../lib/api';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    feedback: build.mutation<void, { message: string }>({
      query: (body) => ({ url: '/users/feedback', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useFeedbackMutation } = feedbackApi;

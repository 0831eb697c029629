/**
 * Odds pushed the way a feed does it (docs/architecture.md#http-api, `POST /api/ingest`), for journeys
 * that need known prices: start the app with `ODDS_FEED: 'none', INGEST_TOKEN`.
 */
export const INGEST_TOKEN = 'e2e-ingest-token-0123456789';

/** Posts one normalized batch and fails loudly unless the server took it. */
export async function pushBatch(target: { url(path: string): string }, batch: unknown): Promise<void> {
  const response = await fetch(target.url('/api/ingest'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${INGEST_TOKEN}` },
    body: JSON.stringify(batch),
  });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
}

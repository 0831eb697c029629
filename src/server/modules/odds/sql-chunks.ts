/** Large `IN` lists and inserts go in chunks to stay under both databases' bound-parameter limits. */
const CHUNK = 400;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes docs/feed-schema.json, the published JSON Schema of a normalized feed batch,
 * from the TypeBox schema the server validates with (a test fails when they differ).
 *
 *   node --import tsx scripts/odds-feed-schema.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { feedJsonSchema } from '../src/shared/contract/ingest';

const FILE = path.resolve(__dirname, '../docs/feed-schema.json');

async function main(): Promise<void> {
  const options = (await resolveConfig(FILE)) ?? {};
  await writeFile(FILE, await format(JSON.stringify(feedJsonSchema()), { ...options, parser: 'json' }));
  console.log(`wrote ${path.relative(process.cwd(), FILE)}`);
}

void main();

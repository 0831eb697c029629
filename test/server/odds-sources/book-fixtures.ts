/** Reading the recorded-shape answers of test/fixtures/books/<book>/ (manifest.json lists them). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BookAnswer, BookId } from '../../../src/server/modules/odds/sources';

export const FIXTURES = join(__dirname, '../../fixtures/books');
export const FETCHED_AT = '2025-05-08T12:00:00.000Z';

export interface FixtureAnswer {
  competition?: number;
  file: string;
  status: number;
  page?: number;
  'content-type'?: string;
}

export interface Manifest {
  answers: FixtureAnswer[];
  scenarios: FixtureAnswer[];
}

export function manifest(book: BookId): Manifest {
  return JSON.parse(readFileSync(join(FIXTURES, book, 'manifest.json'), 'utf8')) as Manifest;
}

export function answer(book: BookId, file: string, status = 200, contentType?: string): BookAnswer {
  return {
    status,
    headers: contentType ? { 'content-type': contentType } : { 'content-type': 'application/json' },
    body: readFileSync(join(FIXTURES, book, file), 'utf8'),
  };
}

export const LEAGUE_FILES: ReadonlyArray<[number, string]> = [
  [1, 'premier-league.json'],
  [2, 'la-liga.json'],
  [3, 'serie-a.json'],
  [4, 'bundesliga.json'],
];

/** The eight markets of one event from compact price lists, in our market and selection ids. */
export function allMarkets(p: {
  x12: [number, number, number];
  ou: Array<[number, number]>;
  btts?: [number, number];
  dc: [number, number, number];
}) {
  const markets: Array<{ market: number; prices: Array<{ selection: number; value: number }> }> = [
    { market: 1, prices: p.x12.map((value, i) => ({ selection: i + 1, value })) },
    ...p.ou.map(([over, under], i) => ({
      market: i + 2,
      prices: [
        { selection: 4 + 2 * i, value: over },
        { selection: 5 + 2 * i, value: under },
      ],
    })),
  ];
  if (p.btts) {
    markets.push({
      market: 7,
      prices: [
        { selection: 14, value: p.btts[0] },
        { selection: 15, value: p.btts[1] },
      ],
    });
  }
  markets.push({ market: 8, prices: p.dc.map((value, i) => ({ selection: 16 + i, value })) });
  return markets;
}

/** League ids (the book's table with configuration laid over), base URLs and the JSON Accept header. */
import type { LeagueIds, RequestOptions } from '../source-types';

export function leagueIdsWith(defaults: LeagueIds, overrides?: RequestOptions['leagueIds']): Record<number, string> {
  const merged: Record<number, string> = {};
  const competitions = new Set([...Object.keys(defaults), ...Object.keys(overrides ?? {})].map(Number));
  for (const competition of competitions) {
    const override = overrides?.[competition];
    const id = override === undefined ? defaults[competition] : override;
    if (typeof id === 'string' && id.trim() !== '') merged[competition] = id.trim();
  }
  return merged;
}

/**
 * League ids from configuration text, "1=20000841,2=20000842" (competition id = the book's
 * league id); an id left empty ("3=") removes that league. Pairs that cannot be read are skipped.
 */
export function parseLeagueIds(text: string | undefined): Record<number, string | null> {
  const ids: Record<number, string | null> = {};
  for (const pair of (text ?? '').split(',')) {
    const match = /^\s*(\d+)\s*[=:]\s*(\S*)\s*$/.exec(pair);
    if (!match?.[1]) continue;
    ids[Number(match[1])] = match[2] ? match[2] : null;
  }
  return ids;
}

/** Base URL without a trailing slash. */
export function baseUrlOf(options: RequestOptions | undefined, fallback: string): string {
  return (options?.baseUrl ?? fallback).replace(/\/+$/, '');
}

export const JSON_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json, text/plain, */*' };

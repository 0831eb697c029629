/**
 * Validation of a normalized feed batch: the TypeBox schema (structure, known ids, finite
 * prices above 1.0, no unknown fields), then the rules a schema cannot say — a selection
 * must belong to its market, nothing may repeat, home and away must differ, a regular price
 * stands only beside a boosted one and below it. Every problem is
 * reported with its path (e.g. `events[2].markets[0].prices[1].value`) so a feed author can
 * fix the batch; a batch with any problem is rejected whole.
 */
import { FormatRegistry, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FieldError } from '@shared/errors';
import { marketName, marketSelections } from '@shared/lookups';
import { teamKey } from '../matching/team-names';
import { type ClubDirectory, clubDirectory } from '../sources/club-aliases';
import { type FeedBatch, FeedBatchSchema, type FeedEvent } from '@shared/contract/ingest';
import type { Slicer } from '../../../core/event-loop';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => RFC3339.test(value) && Number.isFinite(Date.parse(value)));
}

const checker = TypeCompiler.Compile(FeedBatchSchema);
const { events: eventsSchema, ...envelope } = FeedBatchSchema.properties;
/** The batch without its events' insides (they are checked one by one, in slices). */
const envelopeChecker = TypeCompiler.Compile(
  Type.Object(
    { ...envelope, events: Type.Array(Type.Unknown(), { maxItems: eventsSchema.maxItems }) },
    { additionalProperties: false },
  ),
);
const eventChecker = TypeCompiler.Compile(eventsSchema.items);
const MAX_DETAILS = 20;
/** Dates further than this from now are a feed's mistake (0000, 9999, a wrong year). */
const DATE_RANGE_MS = 366 * 24 * 3_600_000;

/** Whether `at` (epoch ms) lies within a year of `now`; the pipeline checks it with its clock. */
export function withinDateRange(at: number, now: number): boolean {
  return Math.abs(at - now) <= DATE_RANGE_MS;
}

/** A date-time the calendar has (Date.parse rolls 2027-02-30 over to March 2); the problem, or null. */
function dateProblem(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!m) return 'must be an RFC 3339 date-time, e.g. 2026-11-28T15:00:00Z';
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0–99 as 1900–1999
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return 'is not a date of the calendar';
  }
  return Number.isFinite(Date.parse(value)) ? null : 'is not a date of the calendar';
}

export class InvalidBatchError extends Error {
  constructor(readonly details: FieldError[]) {
    const first = details[0];
    super(first ? `Invalid batch: ${first.field} ${first.message}` : 'Invalid batch');
    this.name = 'InvalidBatchError';
  }
}

/** `/events/0/markets/1/market` → `events[0].markets[1].market`. */
export function fieldOf(pointer: string): string {
  const parts = pointer.split('/').slice(1);
  let field = '';
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    field += /^\d+$/.test(part) ? `[${part}]` : field === '' ? part : `.${part}`;
  }
  return field || 'batch';
}

function schemaMessage(schema: TSchema, message: string): string {
  const options = schema.anyOf as TSchema[] | undefined;
  if (options?.every((o) => 'const' in o)) return `must be one of ${options.map((o) => String(o.const)).join(', ')}`;
  if (schema.format === 'date-time') return 'must be an RFC 3339 date-time, e.g. 2026-11-28T15:00:00Z';
  if (schema.exclusiveMinimum === 1) return 'must be a finite decimal price above 1.0';
  if (schema.pattern === '\\S') return 'must be a non-blank string';
  return message.charAt(0).toLowerCase() + message.slice(1);
}

function structuralErrors(value: unknown): FieldError[] {
  const details: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of checker.Errors(value)) {
    const field = fieldOf(error.path);
    const message =
      error.message === 'Unexpected property' ? 'is not a known field' : schemaMessage(error.schema, error.message);
    const key = `${field}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ field, message });
    if (details.length >= MAX_DETAILS) break;
  }
  return details.length > 0 ? details : [{ field: 'batch', message: 'is not a valid feed batch' }];
}

/** The rules the events of one batch are checked by; `externalIds` spans the batch. */
interface BatchRules {
  externalIds: Map<string, number>;
  clubs: ClubDirectory;
  details: FieldError[];
}

/** The rules of one event (`e`: its index), added to `rules.details`. */
function eventRuleErrors(event: FeedEvent, e: number, rules: BatchRules): void {
  const { externalIds, clubs, details } = rules;
  const at = `events[${e}]`;
  const kickoff = dateProblem(event.kickoff);
  if (kickoff) details.push({ field: `${at}.kickoff`, message: kickoff });
  const earlier = externalIds.get(event.externalId);
  if (earlier !== undefined) {
    details.push({ field: `${at}.externalId`, message: `repeats events[${earlier}].externalId` });
  }
  externalIds.set(event.externalId, e);
  if (teamKey(event.home, undefined, clubs) === teamKey(event.away, undefined, clubs)) {
    details.push({ field: `${at}.away`, message: 'must be a different team from home' });
  }
  const markets = new Set<number>();
  event.markets.forEach((market, m) => {
    if (markets.has(market.market)) {
      details.push({ field: `${at}.markets[${m}].market`, message: 'is listed twice in this event' });
    }
    markets.add(market.market);
    const allowed = marketSelections(market.market);
    const selections = new Set<number>();
    market.prices.forEach((price, p) => {
      const field = `${at}.markets[${m}].prices[${p}].selection`;
      if (!allowed.includes(price.selection)) {
        details.push({
          field,
          message: `does not belong to market ${market.market} (${marketName(market.market)}: ${allowed.join(', ')})`,
        });
      } else if (selections.has(price.selection)) {
        details.push({ field, message: 'is priced twice in this market' });
      }
      selections.add(price.selection);
      if (price.regularValue !== undefined) {
        const regular = `${at}.markets[${m}].prices[${p}].regularValue`;
        if (price.boosted !== true) {
          details.push({ field: regular, message: 'is only allowed beside a boosted price ("boosted": true)' });
        } else if (price.regularValue >= price.value) {
          details.push({ field: regular, message: `must be below value (${price.value}), the boosted price` });
        }
      }
    });
  });
}

function fetchedAtErrors(batch: FeedBatch): FieldError[] {
  const fetchedAt = dateProblem(batch.fetchedAt);
  return fetchedAt ? [{ field: 'fetchedAt', message: fetchedAt }] : [];
}

/**
 * The batch, typed, or an InvalidBatchError listing what is wrong (at most 20 problems).
 * Dates must be real calendar dates (their range is checked where the pipeline's clock is).
 */
export function validateBatch(value: unknown): FeedBatch {
  if (!checker.Check(value)) throw new InvalidBatchError(structuralErrors(value));
  const rules: BatchRules = { externalIds: new Map(), clubs: clubDirectory(), details: fetchedAtErrors(value) };
  value.events.forEach((event, e) => eventRuleErrors(event, e, rules));
  if (rules.details.length > 0) throw new InvalidBatchError(rules.details.slice(0, MAX_DETAILS));
  return value;
}

/**
 * {@link validateBatch} in slices (core/event-loop.ts): the batch's envelope, then its events a few
 * at a time, handing the event loop a turn whenever `slicer` says so. Same result, same errors.
 */
export async function validateBatchInSlices(value: unknown, slicer: Slicer): Promise<FeedBatch> {
  if (!envelopeChecker.Check(value)) throw new InvalidBatchError(structuralErrors(value));
  const events = (value as { events: unknown[] }).events;
  for (const event of events) {
    // The whole batch's checker words its errors with their paths; it runs only on a bad batch.
    if (!eventChecker.Check(event)) throw new InvalidBatchError(structuralErrors(value));
    if (slicer.due) await slicer.pause();
  }
  const batch = value as FeedBatch;
  const rules: BatchRules = { externalIds: new Map(), clubs: clubDirectory(), details: fetchedAtErrors(batch) };
  for (const [e, event] of batch.events.entries()) {
    eventRuleErrors(event, e, rules);
    if (slicer.due) await slicer.pause();
  }
  if (rules.details.length > 0) throw new InvalidBatchError(rules.details.slice(0, MAX_DETAILS));
  return batch;
}

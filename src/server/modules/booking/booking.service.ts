/**
 * Booking codes (docs/sources.md): load a book's code and map each leg
 * to our match and to our market and selection (leg-mapping.ts); create a code at a book from the `ref`s stored with its current
 * prices. Book calls go out only from here, with timeouts, the book's headers and a circuit
 * breaker per book; a loaded code is cached until it dies (its earliest kick-off).
 */
import type { BookingCreateBodyDto, CreatedCodeDto, LoadedCodeDto, SkipReason } from '@shared/contract/booking';
import { ErrorCode } from '@shared/errors';
import { marketSelections, providerName } from '@shared/lookups';
import { ApiError, badRequest, validationError } from '../../core/errors';
import type { Db } from '../../core/db/connect';
import { isoOrNull } from '../../core/time';
import { BookRefused, CodeNotFound } from './book-call';
import { findBookablePrices, findEventsByIds } from './booking.repository';
import type { BookingBook } from './books/book-types';
import { bookingBook } from './books';
import { BookBreakers } from './circuit-breaker';
import { mapLegs } from './leg-mapping';

const NOT_FOUND = Symbol('code not found');

/** How long a code whose kick-offs are unknown stays cached. */
const UNKNOWN_EXPIRY_CACHE_MS = 5 * 60_000;
const MAX_CACHED = 1000;

export interface BookingOutcome {
  action: 'load' | 'create';
  provider: number;
  outcome: 'ok' | 'cached' | 'not_found' | 'unavailable' | 'breaker_open' | 'nothing_to_book';
  legs?: number;
  matched?: number;
  skipped?: number;
  /** Why the book counts as not answering ('unavailable'): 'timeout', 'HTTP 502', 'bizCode 4000', … */
  why?: string;
  ms: number;
}

/** Told each load and create with its outcome (no code, no user); the routes log it under the request. */
export type BookingReport = (outcome: BookingOutcome) => void;

interface BookingServiceOptions {
  now: () => number;
  /** BOOKING_URL_<BOOK> by book key. */
  urls: Readonly<Record<string, string>>;
}

const unavailable = (book: BookingBook) =>
  new ApiError(
    503,
    ErrorCode.BOOKING_UNAVAILABLE,
    `${providerName(book.provider)} is not answering booking requests right now. Please try again later.`,
    'server',
  );

const notFound = (book: BookingBook) =>
  new ApiError(
    404,
    ErrorCode.BOOKING_CODE_NOT_FOUND,
    `${providerName(book.provider)} does not know this code, or it has expired.`,
    'not_found',
  );

export class BookingService {
  private readonly breakers: BookBreakers;
  private readonly cache = new Map<string, { answer: LoadedCodeDto; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: BookingServiceOptions,
  ) {
    this.breakers = new BookBreakers(options.now);
  }

  private book(provider: number, action: 'load' | 'create'): BookingBook {
    const book = bookingBook(provider);
    if (!book) throw badRequest(ErrorCode.BOOKING_UNSUPPORTED, `There is no bookmaker ${provider}.`);
    if (!(action === 'load' ? book.load : book.create)) {
      throw badRequest(
        ErrorCode.BOOKING_UNSUPPORTED,
        action === 'load'
          ? `Loading ${providerName(provider)} codes is not supported yet.`
          : `Creating ${providerName(provider)} codes is not supported yet.`,
      );
    }
    return book;
  }

  private base(book: BookingBook, call: 'load' | 'create'): string {
    return this.options.urls[book.key] ?? book.defaultBase?.[call] ?? new URL(book.site).origin;
  }

  /** Runs a book call through the breaker; the book's refusals become 503, unknown codes 404. */
  private async guarded<T>(
    book: BookingBook,
    action: 'load' | 'create',
    started: number,
    report: BookingReport,
    run: () => Promise<T>,
  ) {
    const log = (outcome: BookingOutcome['outcome'], why?: string) =>
      report({ action, provider: book.provider, outcome, ...(why ? { why } : {}), ms: this.options.now() - started });
    let result: { value: T | typeof NOT_FOUND } | 'open';
    try {
      // An unknown code is the book answering: it closes the breaker like any answer.
      result = await this.breakers.run(book.provider, () =>
        run().catch((error: unknown) => {
          if (error instanceof CodeNotFound) return NOT_FOUND;
          throw error;
        }),
      );
    } catch (error) {
      if (error instanceof BookRefused) {
        log('unavailable', error.why);
        throw unavailable(book);
      }
      throw error;
    }
    if (result === 'open') {
      log('breaker_open');
      throw unavailable(book);
    }
    if (result.value === NOT_FOUND) {
      log('not_found');
      throw notFound(book);
    }
    return result.value;
  }

  /** Checks a code against the book's pattern (upper-cased, trimmed) before any call. */
  private code(book: BookingBook, raw: string): string {
    const code = raw.trim().toUpperCase();
    if (!book.codePattern.test(code)) {
      throw validationError('code', `is not a ${providerName(book.provider)} booking code`);
    }
    return code;
  }

  async load(provider: number, rawCode: string, report: BookingReport): Promise<LoadedCodeDto> {
    const started = this.options.now();
    const book = this.book(provider, 'load');
    const code = this.code(book, rawCode);
    const key = `${provider}:${code}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > this.options.now()) {
      report({ action: 'load', provider, outcome: 'cached', legs: hit.answer.legs.length, ms: 0 });
      return hit.answer;
    }
    if (hit) this.cache.delete(key);
    const native = await this.guarded(book, 'load', started, report, () =>
      (book.load as NonNullable<BookingBook['load']>)(this.base(book, 'load'), code),
    );
    const legs = await mapLegs(this.db, book, native.legs);
    const answer: LoadedCodeDto = { provider, code, expiresAt: isoOrNull(native.expiresAt), legs };
    const until = native.expiresAt ?? this.options.now() + UNKNOWN_EXPIRY_CACHE_MS;
    if (until > this.options.now()) this.remember(key, answer, until);
    report({
      action: 'load',
      provider,
      outcome: 'ok',
      legs: legs.length,
      matched: legs.filter((l) => l.matched).length,
      ms: this.options.now() - started,
    });
    return answer;
  }

  private remember(key: string, answer: LoadedCodeDto, until: number) {
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(key, { answer, until });
  }

  async create(provider: number, body: BookingCreateBodyDto, report: BookingReport): Promise<CreatedCodeDto> {
    const started = this.options.now();
    const book = this.book(provider, 'create');
    const seen = new Set<string>();
    body.legs.forEach((leg, i) => {
      if (!marketSelections(leg.market).includes(leg.selection)) {
        throw validationError(`legs[${i}].selection`, 'does not belong to the market');
      }
      // A slip holds one selection per match (the books refuse two).
      if (seen.has(leg.eventId)) throw validationError(`legs[${i}].eventId`, 'repeats a match of the slip');
      seen.add(leg.eventId);
    });
    const now = this.options.now();
    const events = new Map((await findEventsByIds(this.db, [...seen])).map((e) => [e.id, e]));
    const prices = new Map(
      (await findBookablePrices(this.db, provider, [...seen])).map((p) => [
        `${p.eventId}|${p.marketId}|${p.selectionId}`,
        p,
      ]),
    );
    const booked: CreatedCodeDto['legs'] = [];
    const refs: Array<{ ref: string; price: number }> = [];
    const skipped: CreatedCodeDto['skipped'] = [];
    const details: Array<{ field: string; message: string }> = [];
    for (const [i, leg] of body.legs.entries()) {
      const event = events.get(leg.eventId);
      const price = prices.get(`${leg.eventId}|${leg.market}|${leg.selection}`);
      let reason: SkipReason | null = null;
      if (!event || !price) reason = 'not_offered';
      else if (Number(event.kickoff_at) <= now || event.status !== 'scheduled') reason = 'started';
      else if (price.value === null) reason = 'suspended';
      else if (price.ref === null || !book.validRef?.(price.ref)) reason = 'needs_live_prices';
      if (reason !== null || !price || price.value === null || price.ref === null) {
        skipped.push({ ...leg, reason: reason ?? 'not_offered' });
        details.push({ field: `legs[${i}]`, message: reason ?? 'not_offered' });
        continue;
      }
      booked.push({ ...leg, price: price.value });
      refs.push({ ref: price.ref, price: price.value });
    }
    if (booked.length === 0) {
      report({ action: 'create', provider, outcome: 'nothing_to_book', skipped: skipped.length, ms: 0 });
      const live = skipped.every((s) => s.reason === 'needs_live_prices');
      throw new ApiError(
        400,
        ErrorCode.BOOKING_NOTHING_TO_BOOK,
        live
          ? `Booking codes need live prices: there is no live ${providerName(provider)} price for these selections.`
          : `${providerName(provider)} offers none of these selections now.`,
        'validation',
        details,
      );
    }
    const made = await this.guarded(book, 'create', started, report, () =>
      (book.create as NonNullable<BookingBook['create']>)(this.base(book, 'create'), refs),
    );
    report({
      action: 'create',
      provider,
      outcome: 'ok',
      legs: booked.length,
      skipped: skipped.length,
      ms: this.options.now() - started,
    });
    return { provider, code: made.code, url: made.url ?? book.link(made.code), legs: booked, skipped };
  }
}

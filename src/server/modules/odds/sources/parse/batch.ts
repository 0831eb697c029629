/**
 * Assembling the normalized batch: an event's prices market by market (a boosted price wins over
 * the regular one; each with its booking ref), the event's checks (teams, kick-off, duplicates,
 * club names through the alias table, Sportradar id) and the parse result with its problems.
 */
import type { FeedBatch, FeedEvent, FeedMarket } from '@shared/contract/ingest';
import { marketSelections } from '@shared/lookups';
import { clubDirectory, type ClubDirectory } from '../club-aliases';
import type { BoostedPrice, EventDetail, ParseContext, ParseResult, ReadEvent } from '../source-types';
import { idText } from './answer';
import { MAX_EVENTS } from './limits';
import { readPrice } from './prices';
import { ProblemLog } from './problems';
import { teamName } from './teams';

interface Quote {
  value: number;
  boosted: boolean;
  regular?: number;
  ref?: string;
}

const MAX_REF = 200;

/** A price's booking reference (per book), or undefined when blank or too long for the feed. */
function refText(ref: string | undefined): string | undefined {
  return ref !== undefined && ref !== '' && ref.length <= MAX_REF ? ref : undefined;
}

/** The digits N of a Sportradar match id given as N, "N" or "sr:match:N"; undefined otherwise. */
export function sportradarIdOf(raw: unknown): string | undefined {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
  const match = /^\s*(?:sr:match:)?(\d{1,12})\s*$/.exec(text);
  return match?.[1] !== undefined && Number(match[1]) > 0 ? match[1] : undefined;
}

/** Prices of one event, market by market; a boosted price wins over the regular one of its selection. */
export class EventPrices {
  private readonly markets = new Map<number, Map<number, Quote>>();

  constructor(private readonly log: ProblemLog) {}

  /** A market the book lists for the event: reported even when every price of it is skipped. */
  list(market: number): void {
    if (!this.markets.has(market)) this.markets.set(market, new Map());
  }

  /** Reads one outcome's price; skipped prices are counted under their reason. */
  add(
    market: number,
    selection: number,
    raw: unknown,
    options: { boosted?: boolean; where?: string; ref?: string } = {},
  ): void {
    this.list(market);
    const reading = readPrice(raw);
    const where = options.where ?? `market ${market}`;
    if (reading.kind !== 'price') {
      if (reading.kind === 'suspended') this.log.add('suspended', where);
      else if (reading.kind === 'placeholder') this.log.add('placeholder-price', `${where}: ${String(raw)}`);
      else this.log.add('bad-price', `${where}: ${JSON.stringify(raw) ?? 'undefined'}`);
      return;
    }
    const prices = this.markets.get(market) as Map<number, Quote>;
    const earlier = prices.get(selection);
    const ref = refText(options.ref);
    if (options.boosted) {
      prices.set(selection, {
        value: reading.value,
        boosted: true,
        regular: earlier?.boosted ? earlier.regular : earlier?.value,
        ref,
      });
    } else if (earlier?.boosted) {
      earlier.regular = reading.value;
    } else {
      prices.set(selection, { value: reading.value, boosted: false, ref });
    }
  }

  build(externalId: string, boosts: BoostedPrice[]): FeedMarket[] {
    return [...this.markets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([market, prices]) => ({
        market,
        prices: marketSelections(market)
          .filter((selection) => prices.has(selection))
          .map((selection) => {
            const p = prices.get(selection) as Quote;
            const ref = p.ref !== undefined ? { ref: p.ref } : {};
            if (!p.boosted) return { selection, value: p.value, ...ref };
            boosts.push({
              externalId,
              market,
              selection,
              value: p.value,
              ...(p.regular !== undefined ? { regularValue: p.regular } : {}),
            });
            // The regular price rides along when the book quotes one below the boost (margins use it).
            return p.regular !== undefined && p.regular < p.value
              ? { selection, value: p.value, boosted: true, regularValue: p.regular, ...ref }
              : { selection, value: p.value, boosted: true, ...ref };
          }),
      }));
  }
}

export interface EventDraft {
  externalId: unknown;
  /** The Sportradar match id as the book writes it (digits, or `sr:match:N`); dropped when unreadable. */
  sportradarId?: unknown;
  home: unknown;
  away: unknown;
  /** Kick-off already converted to UTC ISO 8601, undefined when unreadable. */
  kickoff: string | undefined;
  prices: EventPrices;
}

/** Collects events into one valid batch; drops (and counts) events the pipeline would reject. */
export class BatchBuilder {
  readonly log = new ProblemLog();
  private readonly events: FeedEvent[] = [];
  private readonly names: ReadEvent[] = [];
  private readonly boosts: BoostedPrice[] = [];
  private readonly seen = new Set<string>();
  private readonly clubs: ClubDirectory;

  constructor(
    private readonly provider: number,
    private readonly context: ParseContext,
    clubs?: ClubDirectory,
  ) {
    this.clubs = clubs ?? clubDirectory();
  }

  prices(): EventPrices {
    return new EventPrices(this.log);
  }

  add(draft: EventDraft): void {
    const externalId = idText(draft.externalId);
    if (externalId === undefined) return this.log.add('malformed-item', 'event without an id');
    const home = teamName(draft.home);
    const away = teamName(draft.away);
    if (!home || !away) return this.log.add('missing-team', `event ${externalId}`);
    if (!draft.kickoff) return this.log.add('bad-kickoff', `event ${externalId}`);
    if (this.seen.has(externalId)) return this.log.add('duplicate-event', `event ${externalId}`);
    const competition = this.context.competition;
    const homeName = this.clubs.canonical(home, competition) ?? home;
    const awayName = this.clubs.canonical(away, competition) ?? away;
    if (homeName === awayName) return this.log.add('missing-team', `event ${externalId}: one team twice`);
    if (this.events.length >= MAX_EVENTS) return this.log.add('malformed-item', `event ${externalId}: batch full`);
    this.seen.add(externalId);
    const sportradarId = sportradarIdOf(draft.sportradarId);
    this.events.push({
      externalId,
      competition,
      ...(sportradarId !== undefined ? { sportradarId } : {}),
      home: homeName,
      away: awayName,
      kickoff: draft.kickoff,
      markets: draft.prices.build(externalId, this.boosts),
    });
    this.names.push({ externalId, home, away });
  }

  result(ok: boolean, hasMore = false): ParseResult {
    const fetched = new Date(this.context.fetchedAt);
    const batch: FeedBatch = {
      provider: this.provider as FeedBatch['provider'],
      country: this.context.country as FeedBatch['country'],
      fetchedAt: Number.isFinite(fetched.getTime()) ? fetched.toISOString() : new Date().toISOString(),
      events: ok ? this.events : [],
    };
    return {
      ok,
      batch,
      problems: this.log.list(),
      boosts: ok ? this.boosts : [],
      names: ok ? this.names : [],
      hasMore: ok && hasMore,
    };
  }
}

/** A per-event call's answer read as a one-event batch → what it adds to that event of the list. */
export function eventDetailOf(result: ParseResult, externalId: string): EventDetail {
  const event = result.batch.events.find((e) => e.externalId === externalId);
  const problems = result.problems;
  if (!result.ok) return { ok: false, externalId, markets: [], problems, boosts: [] };
  if (!event) {
    const log = new ProblemLog();
    for (const p of problems) for (let i = 0; i < p.count; i += 1) log.add(p.code, p.examples[i]);
    log.add('unexpected-shape', `the answer does not hold event ${externalId}`);
    return { ok: false, externalId, markets: [], problems: log.list(), boosts: [] };
  }
  return {
    ok: true,
    externalId,
    ...(event.sportradarId !== undefined ? { sportradarId: event.sportradarId } : {}),
    markets: event.markets,
    problems,
    boosts: result.boosts.filter((b) => b.externalId === externalId),
  };
}

/**
 * The answers of the read snapshot (odds-snapshot.ts) and what they are made of: each country's
 * ordered listing, the serialized event list of every (country, competition, market), and the
 * published entries. A rebuild puts the new views of the events it computed again in their
 * listings (`relist`, which touches the lists whose JSON moved), then publishes: a touched list
 * whose events all kept their places is patched at the places of the markets replaced, any other is
 * put together again from its events' JSON, the countries whose header (`source`, `updatedAt`)
 * moved are rewrapped, and the new entries replace the old ones at once — and with
 * them the countries' event lists and the listed events' views, which readers see as published
 * last while a rebuild, in slices, relists.
 */
import type { EventSource, OddsEventDto } from '@shared/contract/odds';
import { COMPETITIONS, COUNTRIES, MARKETS } from '@shared/lookups';
import type { Slicer } from '../../../core/event-loop';
import { idsKey, idsOf } from '../current-price';
import { CountryListing, EVENT_TAIL, type Fragment, type ListedEvent, listedEvent } from './country-listing';
import { wireDate } from './odds-view';
import { type EventList, type SnapshotEntry, eventList, patchedList, snapshotEntry, wrapList } from './snapshot-entry';
import type { StoredEvent } from './stored-event';

/**
 * An odds answer's key, one number for (country, competition, market) ({@link idsKey}), so that a
 * rebuild touching thousands of markets makes no key strings.
 */
const listKey = idsKey;
const countryOfKey = (key: number): number => idsOf(key)[0];

/** A list key as "country|competition|market" (the rebuild's statistics name touched answers so). */
export const listKeyText = (key: number): string => idsOf(key).join('|');
const summaryKey = (country: number) => `summary|${country}`;
const sampleKey = (country: number) => `sample|${country}`;

/** An odds answer's event list and the listed events it was made of, in order. */
interface AnswerList {
  events: readonly ListedEvent[];
  list: EventList;
}

interface Country {
  listing: CountryListing;
  source: EventSource;
  updatedAt: string | null;
}

/** What a publication needs to know of the database and the store. */
interface Publication {
  /** The first build: every answer is made. */
  full: boolean;
  /** Each country's latest update (epoch ms). */
  countryUpdates: ReadonlyMap<number, number>;
  /** Countries with a stored demo event. */
  demo: ReadonlySet<number>;
  /** The odds answers whose JSON moved (`listKey`). */
  touched: ReadonlySet<number>;
  slicer: Slicer;
}

export class SnapshotAnswers {
  private readonly countries = new Map<number, Country>(
    COUNTRIES.map((c) => [c.id, { listing: new CountryListing(), source: 'live', updatedAt: null }]),
  );
  /** Every odds answer's event list, by `listKey`. */
  private readonly lists = new Map<number, AnswerList>();
  /**
   * Until the next publication: the odds answers whose lists only have markets replaced, each with
   * the places of those markets (`Fragment.at`), and those to put together again in full (an event
   * joined, left or moved, a market appeared or went).
   */
  private readonly places = new Map<number, number[]>();
  private readonly whole = new Set<number>();
  private entries = new Map<number | string, SnapshotEntry>();
  private memberships = 0;
  private publishedMemberships = 0;
  /**
   * Until a rebuild publishes, readers see the listings as published last: the views of the
   * events it relisted as they were (undefined: not listed) and the countries' event lists.
   */
  private readonly before = new Map<string, OddsEventDto | undefined>();
  private readonly frozen = new Map<number, readonly OddsEventDto[]>();

  /** Rises whenever an event joins or leaves the listings (not when a listed one changes). */
  get listedRevision(): number {
    return this.publishedMemberships;
  }

  /** A listed event as published (`s`: the event as the store holds it now). */
  event(id: string, s: StoredEvent | undefined): OddsEventDto | undefined {
    return this.before.has(id) ? this.before.get(id) : s?.listed?.item.dto;
  }

  get all(): ReadonlyMap<number | string, SnapshotEntry> {
    return this.entries;
  }

  odds(countryId: number, competitionId: number, marketId: number): SnapshotEntry | undefined {
    return this.entries.get(listKey(countryId, competitionId, marketId));
  }

  summary(countryId: number): SnapshotEntry | undefined {
    return this.entries.get(summaryKey(countryId));
  }

  sample(countryId: number): SnapshotEntry | undefined {
    return this.entries.get(sampleKey(countryId));
  }

  countryEvents(countryId: number): readonly OddsEventDto[] | undefined {
    return this.frozen.get(countryId) ?? this.countries.get(countryId)?.listing.events();
  }

  /** Keeps a country's published event list for the readers until the rebuild publishes. */
  private freeze(countryId: number): void {
    const listing = this.countries.get(countryId)?.listing;
    if (listing && !this.frozen.has(countryId)) this.frozen.set(countryId, listing.events());
  }

  /**
   * Puts an event's new view in its country's listing (null: no longer listed) and touches every
   * odds answer whose JSON it moves: a market added, changed or gone, the event moved elsewhere.
   * `changed`: the only markets the new view computed again (the JSON of the others is kept).
   */
  relist(s: StoredEvent, dto: OddsEventDto | null, touched: Set<number>, changed?: ReadonlySet<number>): void {
    const before = s.listed;
    const countryId = s.event.countryId;
    if (!this.before.has(s.event.id)) this.before.set(s.event.id, before?.item.dto);
    if (
      before &&
      dto &&
      changed &&
      before.countryId === countryId &&
      before.item.dto.competitionId === dto.competitionId &&
      before.item.dto.date === dto.date
    ) {
      // Its row has not moved (the caller vouches for its name too): the same place and head, and
      // the unchanged markets' JSON stays.
      this.freeze(countryId);
      for (const market of this.listing(countryId).update(before.item, dto, changed)) {
        // A market it still has keeps its place (update): patched there.
        this.touch(touched, listKey(countryId, dto.competitionId, market), before.item.fragments.get(market)?.at ?? -1);
      }
      return;
    }
    const item: ListedEvent | null = dto && listedEvent(dto, before?.item.fragments);
    if (before) this.freeze(before.countryId);
    if (item) this.freeze(countryId);
    // The same list and the same head: only the markets whose JSON moved touch their answers.
    const same =
      before !== null &&
      item !== null &&
      before.countryId === countryId &&
      before.item.dto.competitionId === item.dto.competitionId &&
      before.item.head === item.head;
    if (before) {
      for (const [market, fragment] of before.item.fragments) {
        const now = same ? item.fragments.get(market) : undefined;
        if (now !== fragment) {
          // A market the event still has stays at its place in the same list: patched there.
          this.touch(touched, listKey(before.countryId, before.item.dto.competitionId, market), now ? fragment.at : -1);
        }
      }
    }
    if (item) {
      for (const market of item.fragments.keys()) {
        if (!same || !before.item.fragments.has(market))
          this.touch(touched, listKey(countryId, item.dto.competitionId, market), -1);
      }
    }
    if ((before === null) !== (item === null)) this.memberships += 1;
    if (same && before.item.dto.date === item.dto.date) {
      // Same place in the same list: no event moves.
      s.listed = { countryId, item: this.listing(countryId).replace(before.item, item) };
      return;
    }
    if (before) this.listing(before.countryId).remove(before.item);
    if (item) this.listing(countryId).add(item);
    s.listed = item ? { countryId, item } : null;
  }

  /** Touches an odds answer: its list patched at `at`, or put together again in full when -1. */
  private touch(touched: Set<number>, key: number, at: number): void {
    touched.add(key);
    if (at < 0) {
      this.whole.add(key);
      return;
    }
    const places = this.places.get(key);
    if (places) places.push(at);
    else this.places.set(key, [at]);
  }

  /**
   * An odds answer's list patched at the places its markets were replaced, when that is all that
   * happened to it since it was last made (null otherwise).
   */
  private patched(k: number, market: number): AnswerList | null {
    const kept = this.lists.get(k);
    const places = this.places.get(k);
    if (!kept || !places || this.whole.has(k)) return null;
    const markets = new Array<Fragment>(places.length);
    for (let i = 0; i < places.length; i += 1) {
      const at = places[i] as number;
      const fragment = kept.events[at]?.fragments.get(market);
      // Each place names the event the list holds there; anything else, and the list is made again.
      if (!fragment || fragment.at !== at) return null;
      markets[i] = fragment;
    }
    return { events: kept.events, list: patchedList(kept.list, places, markets) };
  }

  /** An odds answer's list put together from its competition's listed events with the market. */
  private assembled(listing: CountryListing, competition: number, market: number): AnswerList {
    const events: ListedEvent[] = [];
    const markets: Fragment[] = [];
    for (const item of listing.competition(competition)) {
      const fragment = item.fragments.get(market);
      if (fragment) {
        fragment.at = markets.length;
        events.push(item);
        markets.push(fragment);
      }
    }
    return { events, list: eventList(events, markets, EVENT_TAIL) };
  }

  private listing(countryId: number): CountryListing {
    return (this.countries.get(countryId) as Country).listing;
  }

  /**
   * Makes the answers that moved and publishes them with the unchanged ones. Returns how many
   * event lists were serialized again, how many of them were patched at their replaced markets'
   * places rather than put together in full, and the new entries whose predecessors clients were
   * reading (to compress ahead).
   */
  async publish(p: Publication): Promise<{ serialized: number; patched: number; readAhead: SnapshotEntry[] }> {
    const entries = new Map(this.entries);
    const readAhead: SnapshotEntry[] = [];
    const put = (k: number | string, entry: SnapshotEntry) => {
      if (this.entries.get(k)?.encoded) readAhead.push(entry);
      entries.set(k, entry);
    };
    let serialized = 0;
    let patchedLists = 0;
    const touchedCountries = new Set([...p.touched].map(countryOfKey));
    for (const { id } of COUNTRIES) {
      const country = this.countries.get(id) as Country;
      const at = p.countryUpdates.get(id);
      const updatedAt = at === undefined ? null : wireDate(at);
      const source: EventSource = p.demo.has(id) ? 'demo' : 'live';
      const headerMoved = p.full || country.source !== source || country.updatedAt !== updatedAt;
      if (!headerMoved && !touchedCountries.has(id)) continue;
      Object.assign(country, { source, updatedAt });
      const { listing } = country;
      put(summaryKey(id), snapshotEntry(listing.summary(source, updatedAt)));
      put(sampleKey(id), snapshotEntry({ events: listing.sample(), source, updatedAt }));
      for (const { id: competition } of COMPETITIONS) {
        for (const { id: market } of MARKETS) {
          const k = listKey(id, competition, market);
          let kept = this.lists.get(k);
          if (!kept || p.touched.has(k)) {
            const patched = this.patched(k, market);
            if (patched) patchedLists += 1;
            kept = patched ?? this.assembled(listing, competition, market);
            this.lists.set(k, kept);
            serialized += 1;
          } else if (!headerMoved) {
            continue;
          }
          put(k, wrapList(kept.list, source, updatedAt));
          if (p.slicer.due) await p.slicer.pause();
        }
      }
    }
    // The switch: answers, events and lists, all at once.
    this.entries = entries;
    this.before.clear();
    this.frozen.clear();
    this.places.clear();
    this.whole.clear();
    this.publishedMemberships = this.memberships;
    return { serialized, patched: patchedLists, readAhead };
  }
}

/**
 * Price alerts themselves: creating one (checked against the match and the
 * person's limit), listing and deleting them. Every change is mirrored in the evaluation's index,
 * so a new alert is checked against the next committed batch of this process.
 */
import type { AlertDto, CreateAlertRequest } from '@shared/contract/alerts';
import { ACTIVE_ALERTS_MAX } from '@shared/constants';
import { ErrorCode } from '@shared/errors';
import { marketSelections, PROVIDER_IDS } from '@shared/lookups';
import type { AfterCommit, Db } from '../../core/db/connect';
import { newId as idOf } from '../../core/ids';
import { badRequest, notFound, validationError } from '../../core/errors';
import type { AlertIndex } from './alert-index';
import { alertDto, indexed } from './alerts.dto';
import * as repo from './alerts.repository';
import { lockWatchlist } from './watchlist.repository';

/** What the alerts need to know of a match (from the odds feature). */
export interface WatchedEvent {
  name: string;
  kickoffAt: number;
  /** Current prices of one selection, one per book. */
  prices: ReadonlyArray<{ providerId: number; value: number; boosted: boolean }>;
}

/** The match and one selection's current prices, or null for an unknown event. */
export type FindEvent = (eventId: string, marketId: number, selectionId: number) => Promise<WatchedEvent | null>;

interface AlertsServiceDeps {
  db: Db;
  now(): number;
  findEvent: FindEvent;
  /** The evaluation's index of active alerts. */
  index: AlertIndex;
}

const newId = () => idOf('alr');

export class AlertsService {
  constructor(private readonly deps: AlertsServiceDeps) {}

  async create(userId: string, body: CreateAlertRequest): Promise<AlertDto> {
    const { db, index } = this.deps;
    const atLeast = body.atLeast ?? null;
    const dropPct = body.dropPct ?? null;
    const providerId = body.providerId ?? null;
    if (atLeast === null && dropPct === null) throw validationError('atLeast', 'or dropPct must be given');
    if (!marketSelections(body.marketId).includes(body.selectionTypeId)) {
      throw validationError('selectionTypeId', 'must be a selection of the market');
    }
    if (providerId !== null && !(PROVIDER_IDS as readonly number[]).includes(providerId)) {
      throw validationError('providerId', 'must be a known bookmaker');
    }
    const event = await this.deps.findEvent(body.eventId, body.marketId, body.selectionTypeId);
    if (!event) throw notFound(ErrorCode.NOT_FOUND, 'No such event');
    const now = this.deps.now();
    if (event.kickoffAt <= now)
      throw badRequest(ErrorCode.MATCH_STARTED, 'The match has started: alerts end at kick-off');
    const reference: Record<string, number> = {};
    for (const p of event.prices)
      if (providerId === null || p.providerId === providerId) reference[p.providerId] = p.value;
    const row: repo.AlertRow = {
      id: newId(),
      user_id: userId,
      event_id: body.eventId,
      event_name: event.name,
      kickoff_at: event.kickoffAt,
      market_id: body.marketId,
      selection_id: body.selectionTypeId,
      provider_id: providerId,
      at_least: atLeast,
      drop_pct: dropPct,
      include_boosted: body.includeBoosted ? 1 : 0,
      reference_prices: JSON.stringify(reference),
      status: 'active',
      created_at: now,
      fired_at: null,
      fired_value: null,
      fired_provider_id: null,
      ended_at: null,
    };
    // Counted and stored under the person's lock: the limit holds for parallel requests too.
    const ended = await db.transaction().execute(async (trx) => {
      await lockWatchlist(trx, userId, now);
      const done = await repo.endStartedAlerts(trx, now, userId);
      if ((await repo.countActiveAlerts(trx, userId)) >= ACTIVE_ALERTS_MAX) return null;
      await repo.insertAlert(trx, row);
      return done;
    });
    if (ended === null) {
      throw badRequest(ErrorCode.ALERT_LIMIT_REACHED, `At most ${ACTIVE_ALERTS_MAX} alerts can be active at once`);
    }
    for (const id of ended) index.remove(id);
    index.add(indexed(row));
    return alertDto(row);
  }

  async list(userId: string): Promise<AlertDto[]> {
    const ended = await repo.endStartedAlerts(this.deps.db, this.deps.now(), userId);
    for (const id of ended) this.deps.index.remove(id);
    return (await repo.findAlertsOfUser(this.deps.db, userId)).map(alertDto);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteAlertOfUser(this.deps.db, userId, id))) throw notFound(ErrorCode.NOT_FOUND, 'No such alert');
    this.deps.index.remove(id);
  }

  /** The person's alerts for the account's export. */
  async personalData(userId: string): Promise<AlertDto[]> {
    return (await repo.findAlertsOfUser(this.deps.db, userId)).map(alertDto);
  }

  /**
   * Everything of the person (account deletion, within its transaction); out of the index once
   * that committed: a load of the index reading before the commit would put them back otherwise.
   */
  async deletePersonalData(db: Db, userId: string): Promise<AfterCommit> {
    const ids = await repo.deleteAlertsOfUser(db, userId);
    return () => {
      for (const id of ids) this.deps.index.remove(id);
    };
  }
}

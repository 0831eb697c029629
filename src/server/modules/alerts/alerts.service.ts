/**
 * Favourite teams, price alerts and their delivery (docs/architecture.md §12, docs/product.md §9).
 * One instance per process (alerts.plugin.ts): it holds the index of active alerts, evaluates
 * each committed ingest batch against it, fires with a conditional UPDATE (exactly once across
 * processes), and delivers in the app, by e-mail (the first at once, later ones batched) and by
 * Web Push.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AlertDto,
  type AlertSettingsDto,
  type CreateAlertRequest,
  type FavouritesDto,
  type NotificationDto,
  type ReadNotificationsRequest,
  type PushSubscriptionRequest,
} from '@shared/contract/alerts';
import { ACTIVE_ALERTS_MAX, FAVOURITE_TEAM_MAX_LENGTH, FAVOURITE_TEAMS_MAX } from '@shared/constants';
import { ErrorCode } from '@shared/errors';
import { marketName, marketSelections, providerName, PROVIDER_IDS, selectionName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/db/connect';
import { ApiError, badRequest, notFound, validationError } from '../../core/errors';
import type { Mailer } from '../../core/mail/mailer';
import { iso, isoOrNull } from '../../core/time';
import { alertMail } from './alert-mail';
import { AlertIndex, type ChangedPrice, type IndexedAlert } from './alert-index';
import * as repo from './alerts.repository';
import { type EndpointRefusal, refuseEndpoint, type ResolveHost, systemResolver } from './push-endpoint';
import { sendPush } from './push-sender';
import { unsubscribeKey, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/** What the alerts need to know of a match (from the odds feature). */
export interface WatchedEvent {
  name: string;
  kickoffAt: number;
  /** Current prices of one selection, one per book. */
  prices: ReadonlyArray<{ providerId: number; value: number; boosted: boolean }>;
}

export interface AlertsDeps {
  db: Db;
  config: AppConfig;
  now(): number;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The match and one selection's current prices, or null for an unknown event. */
  findEvent(eventId: string, marketId: number, selectionId: number): Promise<WatchedEvent | null>;
  /** The person's address and name (accounts), or null when the account is gone. */
  recipient(userId: string): Promise<{ email: string; username: string } | null>;
  /** How push hosts are resolved (default: the system resolver). */
  resolveHost?: ResolveHost;
}

const REFUSALS: Record<EndpointRefusal, string> = {
  malformed: 'must be a push service address without spaces or credentials',
  'not-https': 'must be an https push service address on the standard port',
  'local-name': 'must not name a local or metadata host',
  'not-allowed-service': 'must be the address of a known push service',
  unresolvable: 'must name a host that resolves',
  'private-address': 'must not point at a local, private or reserved address',
};

/** Pacing of alert e-mail per person (docs/product.md §9). */
export const ALERT_MAIL_GAP_MS = 10 * 60 * 1000;
const DEFAULT_SETTINGS = { in_app: 1, email: 1, push: 1 } as const;
const NOTIFICATIONS_LISTED = 100;
const PUSH_SUBSCRIPTIONS_MAX = 10;

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function alertDto(row: repo.AlertRow): AlertDto {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.event_name,
    date: iso(row.kickoff_at),
    marketId: row.market_id,
    selectionTypeId: row.selection_id,
    providerId: row.provider_id,
    atLeast: row.at_least,
    dropPct: row.drop_pct,
    includeBoosted: row.include_boosted === 1,
    status: row.status,
    createdAt: iso(row.created_at),
    firedAt: isoOrNull(row.fired_at),
    firedValue: row.fired_value,
    firedProviderId: row.fired_provider_id,
  };
}

function notificationDto(row: repo.NotificationRow): NotificationDto {
  return {
    id: row.id,
    alertId: row.alert_id,
    eventId: row.event_id,
    name: row.event_name,
    marketId: row.market_id,
    selectionTypeId: row.selection_id,
    providerId: row.provider_id,
    value: row.value,
    at: iso(row.created_at),
    read: row.read_at !== null,
  };
}

function indexed(row: repo.AlertRow): IndexedAlert {
  const reference = new Map<number, number>();
  try {
    for (const [provider, value] of Object.entries(JSON.parse(row.reference_prices) as Record<string, number>)) {
      reference.set(Number(provider), value);
    }
  } catch {
    // A damaged reference only disables the drop rule of that alert.
  }
  return {
    id: row.id,
    userId: row.user_id,
    eventId: row.event_id,
    eventName: row.event_name,
    marketId: row.market_id,
    selectionId: row.selection_id,
    providerId: row.provider_id,
    atLeast: row.at_least,
    dropPct: row.drop_pct,
    includeBoosted: row.include_boosted === 1,
    reference,
    createdAt: row.created_at,
    kickoffAt: row.kickoff_at,
  };
}

function settingsDto(row: repo.SettingsRow | undefined): AlertSettingsDto {
  const s = row ?? DEFAULT_SETTINGS;
  return { inApp: s.in_app === 1, email: s.email === 1, push: s.push === 1 };
}

export class AlertsService {
  readonly index = new AlertIndex();
  private readonly unsubscribeKey: Buffer;
  /** Firing runs one batch at a time, in commit order. */
  private firing: Promise<void> = Promise.resolve();
  private mailing: Promise<void> | null = null;
  private lastLoadAt: number | null = null;

  constructor(private readonly deps: AlertsDeps) {
    this.unsubscribeKey = unsubscribeKey(deps.config.jwtSecret);
  }

  // ---- favourites ----

  async favourites(userId: string): Promise<FavouritesDto> {
    return { teams: await repo.findFavourites(this.deps.db, userId) };
  }

  /** Trimmed, empty names refused, duplicates (ignoring case) kept once, at most 50. */
  async setFavourites(userId: string, teams: readonly string[]): Promise<FavouritesDto> {
    const seen = new Set<string>();
    const clean: string[] = [];
    for (const [i, raw] of teams.entries()) {
      const team = raw.trim().replace(/\s+/g, ' ');
      if (!team) throw validationError(`teams[${i}]`, 'must not be empty');
      if (team.length > FAVOURITE_TEAM_MAX_LENGTH) {
        throw validationError(`teams[${i}]`, `must be at most ${FAVOURITE_TEAM_MAX_LENGTH} characters`);
      }
      const key = team.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      clean.push(team);
    }
    if (clean.length > FAVOURITE_TEAMS_MAX) throw validationError('teams', `must list at most ${FAVOURITE_TEAMS_MAX}`);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockWatchlist(trx, userId, DEFAULT_SETTINGS, now);
      await repo.replaceFavourites(trx, userId, clean);
    });
    return { teams: clean };
  }

  // ---- alerts ----

  async createAlert(userId: string, body: CreateAlertRequest): Promise<AlertDto> {
    const { db } = this.deps;
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
      id: newId('alr'),
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
      await repo.lockWatchlist(trx, userId, DEFAULT_SETTINGS, now);
      const done = await repo.endStartedAlerts(trx, now, userId);
      if ((await repo.countActiveAlerts(trx, userId)) >= ACTIVE_ALERTS_MAX) return null;
      await repo.insertAlert(trx, row);
      return done;
    });
    if (ended === null) {
      throw badRequest(ErrorCode.ALERT_LIMIT_REACHED, `At most ${ACTIVE_ALERTS_MAX} alerts can be active at once`);
    }
    for (const id of ended) this.index.remove(id);
    this.index.add(indexed(row));
    return alertDto(row);
  }

  async alerts(userId: string): Promise<AlertDto[]> {
    const ended = await repo.endStartedAlerts(this.deps.db, this.deps.now(), userId);
    for (const id of ended) this.index.remove(id);
    return (await repo.findAlertsOfUser(this.deps.db, userId)).map(alertDto);
  }

  async deleteAlert(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteAlertOfUser(this.deps.db, userId, id))) throw notFound(ErrorCode.NOT_FOUND, 'No such alert');
    this.index.remove(id);
  }

  // ---- notifications ----

  async notifications(userId: string): Promise<{ notifications: NotificationDto[]; unread: number }> {
    const rows = await repo.findNotificationsOfUser(this.deps.db, userId, NOTIFICATIONS_LISTED);
    return { notifications: rows.map(notificationDto), unread: await repo.countUnread(this.deps.db, userId) };
  }

  /** The bell's count alone (the dashboard's pulse asks it on every poll). */
  unreadCount(userId: string): Promise<number> {
    return repo.countUnread(this.deps.db, userId);
  }

  async markRead(userId: string, request: ReadNotificationsRequest): Promise<number> {
    const ids = 'ids' in request ? request.ids : 'all';
    await repo.markRead(this.deps.db, userId, ids, this.deps.now());
    return repo.countUnread(this.deps.db, userId);
  }

  // ---- settings and push subscriptions ----

  async settings(userId: string): Promise<{ settings: AlertSettingsDto; vapidPublicKey: string | null }> {
    return {
      settings: settingsDto(await repo.findSettings(this.deps.db, userId)),
      vapidPublicKey: this.deps.config.vapid?.publicKey ?? null,
    };
  }

  async setSettings(userId: string, settings: AlertSettingsDto) {
    const values = { in_app: settings.inApp ? 1 : 0, email: settings.email ? 1 : 0, push: settings.push ? 1 : 0 };
    await repo.upsertSettings(this.deps.db, userId, values, this.deps.now());
    if (!settings.email) await repo.dropPendingMail(this.deps.db, userId);
    return this.settings(userId);
  }

  /** Null when the server may contact the endpoint now, else why not (push-endpoint.ts). */
  private endpointRefusal(endpoint: string): Promise<EndpointRefusal | null> {
    return refuseEndpoint(endpoint, {
      resolve: this.deps.resolveHost ?? systemResolver,
      allowLoopbackHttp: this.deps.config.pushAllowLoopbackHttp,
      services: this.deps.config.pushServices,
    });
  }

  /**
   * Stores a device's push subscription: the endpoint must be one the server may contact
   * (400 PUSH_ENDPOINT_REFUSED), not another person's (409 PUSH_ENDPOINT_TAKEN), and at most 10
   * devices per person, exact under parallel requests.
   */
  async subscribePush(userId: string, body: PushSubscriptionRequest): Promise<void> {
    const refusal = await this.endpointRefusal(body.endpoint);
    if (refusal !== null) {
      throw new ApiError(400, ErrorCode.PUSH_ENDPOINT_REFUSED, 'This push endpoint is not accepted', 'validation', [
        { field: 'endpoint', message: REFUSALS[refusal] },
      ]);
    }
    const now = this.deps.now();
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockWatchlist(trx, userId, DEFAULT_SETTINGS, now);
      const existing = await repo.findPushSubscriptions(trx, userId);
      if (!existing.some((s) => s.endpoint === body.endpoint) && existing.length >= PUSH_SUBSCRIPTIONS_MAX) {
        return 'full' as const;
      }
      const stored = await repo.upsertPushSubscription(trx, {
        endpoint: body.endpoint,
        user_id: userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: now,
      });
      return stored ? ('ok' as const) : ('taken' as const);
    });
    if (outcome === 'full') throw validationError('endpoint', `at most ${PUSH_SUBSCRIPTIONS_MAX} devices can receive push`);
    if (outcome === 'taken') {
      throw new ApiError(409, ErrorCode.PUSH_ENDPOINT_TAKEN, 'This push endpoint belongs to another account', 'conflict');
    }
  }

  unsubscribePush(userId: string, endpoint: string): Promise<void> {
    return repo.deletePushSubscription(this.deps.db, endpoint, userId);
  }

  // ---- one-click unsubscribe ----

  unsubscribeUrl(userId: string): string {
    return `${this.deps.config.publicUrl}/api/alerts/unsubscribe?token=${unsubscribeToken(this.unsubscribeKey, userId)}`;
  }

  /** Switches the person's alert e-mails off; a token the server did not sign answers 400. */
  async unsubscribe(token: string): Promise<void> {
    const userId = verifyUnsubscribeToken(this.unsubscribeKey, token);
    if (userId === null) {
      throw new ApiError(400, ErrorCode.INVALID_UNSUBSCRIBE_TOKEN, 'This unsubscribe link is not valid', 'validation');
    }
    const current = settingsDto(await repo.findSettings(this.deps.db, userId));
    if (!(await this.deps.recipient(userId))) return;
    await this.setSettings(userId, { ...current, email: false });
  }

  // ---- personal data (accounts: export and deletion) ----

  async personalData(userId: string) {
    const { db } = this.deps;
    const settings = await repo.findSettings(db, userId);
    return {
      favouriteTeams: await repo.findFavourites(db, userId),
      alerts: (await repo.findAlertsOfUser(db, userId)).map(alertDto),
      notifications: (await repo.findAllNotificationsOfUser(db, userId)).map(notificationDto),
      alertSettings: settingsDto(settings),
      pushSubscriptions: (await repo.findPushSubscriptions(db, userId)).map((s) => ({
        endpoint: s.endpoint,
        createdAt: iso(s.created_at),
      })),
    };
  }

  async deletePersonalData(db: Db, userId: string): Promise<void> {
    const ids = (await repo.findAlertsOfUser(db, userId)).map((a) => a.id);
    await repo.deleteEverythingOf(db, userId);
    for (const id of ids) this.index.remove(id);
  }

  // ---- evaluation ----

  /**
   * Told each committed batch (by whichever process) once per process, in commit order: checks the
   * changed prices against the index at once (synchronously) and queues the firing, so batches
   * fire in commit order; the conditional UPDATE of the firing makes one process win.
   */
  onPricesCommitted(prices: readonly ChangedPrice[], committedAt: number): void {
    const hits = this.index.evaluate(prices, committedAt);
    if (hits.length === 0) return;
    for (const hit of hits) this.index.remove(hit.alert.id);
    this.firing = this.firing.then(() => this.fire(hits, committedAt)).catch((error) => this.logError(error));
  }

  /** Resolves when every queued firing (and the deliveries it started) is done. */
  async settled(): Promise<void> {
    await this.firing;
    await this.mailing;
  }

  private async fire(hits: ReturnType<AlertIndex['evaluate']>, at: number): Promise<void> {
    const { db } = this.deps;
    const fired: Array<{ userId: string; alert: IndexedAlert; value: number; providerId: number; eventName: string }> =
      [];
    for (const hit of hits) {
      const { alert } = hit;
      const settings = settingsDto(await repo.findSettings(db, alert.userId));
      await repo.ensureSettings(db, alert.userId, DEFAULT_SETTINGS, at);
      const { eventName } = alert;
      const ok = await repo.fireAlert(db, {
        alertId: alert.id,
        value: hit.value,
        providerId: hit.providerId,
        at,
        notification: {
          id: newId('ntf'),
          user_id: alert.userId,
          alert_id: alert.id,
          event_id: alert.eventId,
          event_name: eventName,
          market_id: alert.marketId,
          selection_id: alert.selectionId,
          provider_id: hit.providerId,
          value: hit.value,
          created_at: at,
          in_app: settings.inApp ? 1 : 0,
          read_at: null,
          email_state: settings.email ? 'pending' : 'off',
        },
      });
      if (!ok) continue;
      fired.push({ userId: alert.userId, alert, value: hit.value, providerId: hit.providerId, eventName });
      if (settings.push) await this.push(alert.userId, alert, hit.value, hit.providerId, eventName);
    }
    if (fired.length > 0) this.deliverMail();
  }

  private async push(userId: string, alert: IndexedAlert, value: number, providerId: number, eventName: string) {
    const { vapid } = this.deps.config;
    if (!vapid) return;
    const payload = JSON.stringify({
      title: `Price alert: ${eventName}`,
      body: `${marketName(alert.marketId)} ${selectionName(alert.selectionId)} is ${formatOdds(value)} at ${providerName(providerId)}`,
      url: `/match/${alert.eventId}`,
      alertId: alert.id,
    });
    for (const target of await repo.findPushSubscriptions(this.deps.db, userId)) {
      try {
        // Checked again before each send: a name may resolve elsewhere since it was accepted.
        // A refused one is skipped and kept, so nothing about the address leaks back.
        const refusal = await this.endpointRefusal(target.endpoint);
        if (refusal !== null) {
          this.deps.log.warn({ userId, refusal }, 'push endpoint refused at send time');
          continue;
        }
        const outcome = await sendPush(vapid, target, payload);
        if (outcome === 'gone') await repo.deletePushSubscription(this.deps.db, target.endpoint);
        if (outcome === 'failed') this.deps.log.warn({ userId }, 'push not delivered');
      } catch (error) {
        this.deps.log.warn({ err: error, userId }, 'push not delivered');
      }
    }
  }

  // ---- e-mail ----

  /**
   * Mails every person whose pending alerts may go now: at once when they had no alert mail
   * in the last 10 minutes, else once those 10 minutes are over, all pending in one mail.
   * Runs after each firing and on a timer; one run at a time per process, and the claim on
   * `last_mail_at` keeps two processes from mailing the same alerts.
   */
  deliverMail(): Promise<void> {
    if (this.mailing) return this.mailing.then(() => this.deliverMail());
    this.mailing = this.mailOnce()
      .catch((error) => this.logError(error))
      .finally(() => {
        this.mailing = null;
      });
    return this.mailing;
  }

  private async mailOnce(): Promise<void> {
    const { db } = this.deps;
    for (const userId of await repo.usersWithPendingMail(db, 500)) {
      const now = this.deps.now();
      const settings = await repo.findSettings(db, userId);
      if (!settings) continue;
      const last = settings.last_mail_at;
      if (last !== null && now - last < ALERT_MAIL_GAP_MS) continue;
      const pending = await repo.pendingMailOf(db, userId);
      if (pending.length === 0) continue;
      const who = await this.deps.recipient(userId);
      if (!who) continue;
      if (
        !(await repo.claimMail(
          db,
          userId,
          last,
          now,
          pending.map((p) => p.id),
        ))
      )
        continue;
      const lines = pending.map((p) => ({
        eventId: p.event_id,
        eventName: p.event_name,
        marketId: p.market_id,
        selectionId: p.selection_id,
        providerId: p.provider_id,
        value: p.value,
      }));
      try {
        await this.deps.mailer.send(
          alertMail(who.email, who.username, lines, this.deps.config.publicUrl, this.unsubscribeUrl(userId)),
        );
      } catch (error) {
        this.deps.log.error({ err: error, userId }, 'alert mail not sent');
      }
    }
  }

  // ---- the index across processes and kick-off ----

  /**
   * Loads active alerts into the index: all of them when `full`, else those created since the
   * last load (with a margin for clocks and commits in flight), so alerts created by another
   * process are evaluated here within one refresh.
   */
  async refresh(full = false): Promise<void> {
    const now = this.deps.now();
    const since = full || this.lastLoadAt === null ? null : this.lastLoadAt - 60_000;
    const rows = await repo.findActiveAlerts(this.deps.db, since);
    if (since === null) this.index.reset(rows.map(indexed));
    else for (const row of rows) if (!this.index.has(row.id)) this.index.add(indexed(row));
    this.lastLoadAt = now;
  }

  /** Alerts of matches that kicked off end (status 'ended') and leave the index. */
  async endStarted(): Promise<void> {
    const now = this.deps.now();
    for (const id of this.index.started(now)) this.index.remove(id);
    await repo.endStartedAlerts(this.deps.db, now);
  }

  private logError(error: unknown): void {
    this.deps.log.error({ err: error }, 'alerts error');
  }
}

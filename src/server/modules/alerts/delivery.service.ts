/**
 * Delivery of fired alerts (docs/product.md#favourites-and-alerts): the bell's
 * notifications, each person's delivery settings, push devices and the one-click e-mail
 * unsubscribe, and the sending itself — Web Push at once, e-mail the first at once and later
 * ones batched.
 */
import type { FastifyBaseLogger } from 'fastify';
import type {
  AlertSettingsDto,
  NotificationDto,
  PushSubscriptionRequest,
  ReadNotificationsRequest,
} from '@shared/contract/alerts';
import { firedPriceText } from '@shared/alerts-messages';
import { ErrorCode } from '@shared/errors';
import { marketName, selectionName } from '@shared/lookups';
import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/db/connect';
import { ApiError, validationError } from '../../core/errors';
import type { Mailer } from '../../core/mail/mailer';
import { iso } from '../../core/time';
import { alertMail } from './alert-mail';
import { notificationDto, settingsDto } from './alerts.dto';
import * as repo from './delivery.repository';
import type { FiredRow } from './evaluation.repository';
import { type EndpointRefusal, refuseEndpoint, type ResolveHost, systemResolver } from './push-endpoint';
import { sendPush } from './push-sender';
import { unsubscribeKey, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';
import { lockWatchlist } from './watchlist.repository';

export interface DeliveryDeps {
  db: Db;
  config: AppConfig;
  now(): number;
  log: FastifyBaseLogger;
  mailer: Mailer;
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

/** Pacing of alert e-mail per person. */
const ALERT_MAIL_GAP_MS = 10 * 60 * 1000;
const NOTIFICATIONS_LISTED = 100;
const PUSH_SUBSCRIPTIONS_MAX = 10;

export class DeliveryService {
  private readonly unsubscribeKey: Buffer;
  private mailing: Promise<void> | null = null;

  constructor(private readonly deps: DeliveryDeps) {
    this.unsubscribeKey = unsubscribeKey(deps.config.jwtSecret);
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
      await lockWatchlist(trx, userId, now);
      const existing = await repo.findPushSubscriptions(trx, [userId]);
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
    if (outcome === 'full')
      throw validationError('endpoint', `at most ${PUSH_SUBSCRIPTIONS_MAX} devices can receive push`);
    if (outcome === 'taken') {
      throw new ApiError(
        409,
        ErrorCode.PUSH_ENDPOINT_TAKEN,
        'This push endpoint belongs to another account',
        'conflict',
      );
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
    return {
      notifications: (await repo.findNotificationsOfUser(db, userId)).map(notificationDto),
      alertSettings: settingsDto(await repo.findSettings(db, userId)),
      pushSubscriptions: (await repo.findPushSubscriptions(db, [userId])).map((s) => ({
        endpoint: s.endpoint,
        createdAt: iso(s.created_at),
      })),
    };
  }

  deletePersonalData(db: Db, userId: string): Promise<void> {
    return repo.deleteDeliveryOf(db, userId);
  }

  // ---- sending ----

  /** After a firing committed: pushes to the devices of those with push on, then the due e-mail. */
  async deliver(fired: readonly FiredRow[]): Promise<void> {
    if (fired.length === 0) return;
    await this.push(fired.filter((f) => f.push));
    void this.deliverMail();
  }

  /** Resolves when the e-mail run in progress (if any) is done. */
  async settled(): Promise<void> {
    await this.mailing;
  }

  private async push(fired: readonly FiredRow[]): Promise<void> {
    const { vapid } = this.deps.config;
    if (!vapid || fired.length === 0) return;
    const devices = await repo.findPushSubscriptions(this.deps.db, [...new Set(fired.map((f) => f.userId))]);
    for (const alert of fired) {
      const payload = JSON.stringify({
        title: `Price alert: ${alert.eventName}`,
        body: `${marketName(alert.marketId)} ${firedPriceText(selectionName(alert.selectionId), alert)}`,
        url: `/match/${alert.eventId}`,
        alertId: alert.alertId,
      });
      const { userId } = alert;
      for (const target of devices.filter((d) => d.user_id === userId)) {
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
  }

  /**
   * Mails every person whose pending alerts may go now: at once when they had no alert mail
   * in the last 10 minutes, else once those 10 minutes are over, all pending in one mail.
   * Runs after each firing and on a timer; one run at a time per process, and the claim on
   * `last_mail_at` keeps two processes from mailing the same alerts.
   */
  deliverMail(): Promise<void> {
    if (this.mailing) return this.mailing.then(() => this.deliverMail());
    this.mailing = this.mailOnce()
      .catch((error) => this.deps.log.error({ err: error }, 'alerts error'))
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
      const ids = pending.map((p) => p.id);
      if (!(await repo.claimMail(db, userId, last, now, ids))) continue;
      const lines = pending.map((p) => ({
        eventId: p.event_id,
        eventName: p.event_name,
        marketId: p.market_id,
        selectionId: p.selection_id,
        providerId: p.provider_id,
        value: p.value,
        bestValue: p.best_value,
        bestProviderId: p.best_provider_id,
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
}

/**
 * The alerts feature as the app holds it (`app.alerts`): favourite teams, price alerts, their
 * delivery and their evaluation, each a service with its own repository, wired together once per
 * process. The account's export and deletion see them as one.
 */
import type { AfterCommit, Db } from '../../core/db/connect';
import { AlertsService, type FindEvent } from './alerts.service';
import { type DeliveryDeps, DeliveryService } from './delivery.service';
import { EvaluationService } from './evaluation.service';
import { FavouritesService } from './favourites.service';

export interface AlertsFeatureDeps extends DeliveryDeps {
  /** The match and one selection's current prices, or null for an unknown event (the odds feature). */
  findEvent: FindEvent;
}

export class AlertsFeature {
  readonly favourites: FavouritesService;
  readonly alerts: AlertsService;
  readonly delivery: DeliveryService;
  readonly evaluation: EvaluationService;

  constructor(deps: AlertsFeatureDeps) {
    const { db, findEvent, log } = deps;
    const now = () => deps.now();
    this.favourites = new FavouritesService({ db, now });
    this.delivery = new DeliveryService(deps);
    this.evaluation = new EvaluationService({ db, now, log, findEvent, delivery: this.delivery });
    this.alerts = new AlertsService({ db, now, findEvent, index: this.evaluation.index });
  }

  /** Resolves when every queued firing and the deliveries it started are done. */
  async settled(): Promise<void> {
    await this.evaluation.settled();
    await this.delivery.settled();
  }

  async personalData(userId: string) {
    const delivery = await this.delivery.personalData(userId);
    return {
      favouriteTeams: await this.favourites.personalData(userId),
      alerts: await this.alerts.personalData(userId),
      notifications: delivery.notifications,
      alertSettings: delivery.alertSettings,
      pushSubscriptions: delivery.pushSubscriptions,
    };
  }

  async deletePersonalData(db: Db, userId: string): Promise<AfterCommit> {
    await this.delivery.deletePersonalData(db, userId);
    const outOfIndex = await this.alerts.deletePersonalData(db, userId);
    await this.favourites.deletePersonalData(db, userId);
    return outOfIndex;
  }
}

import { useEffect, useId, useState } from 'react';
import { Card, CardBody } from 'reactstrap';
import { ALERTS_MSG } from '@shared/alerts-messages';
import type { AlertSettingsDto } from '@shared/contract/alerts';
import { ErrorCode } from '@shared/errors';
import { useShownError } from '../../lib/shown-error';
import {
  useAddPushSubscriptionMutation,
  useGetAlertSettingsQuery,
  usePutAlertSettingsMutation,
  useRemovePushSubscriptionMutation,
} from './alert-settings.api';
import { devicePushSubscribed, subscribePush, unsubscribePush } from './push-device';
import { ErrorMessage } from '../../components/error-ref';

const CHANNELS: ReadonlyArray<[keyof AlertSettingsDto, string]> = [
  ['inApp', ALERTS_MSG.channelInApp],
  ['email', ALERTS_MSG.channelEmail],
  ['push', ALERTS_MSG.channelPush],
];

/**
 * 'Alert delivery' on the profile: one switch per channel. Turning push on
 * asks the browser for permission and subscribes this device with the server's VAPID key before
 * the setting is saved; turning it off ends this device's subscription too. The push switch is on
 * only while the account's push is on and this device is subscribed: another device's
 * subscription does not make it read 'on this device'.
 */
export function AlertDelivery() {
  const { data } = useGetAlertSettingsQuery();
  const [put] = usePutAlertSettingsMutation();
  const [addSubscription] = useAddPushSubscriptionMutation();
  const [removeSubscription] = useRemovePushSubscriptionMutation();
  const [busy, setBusy] = useState(false);
  const { error, show, showFailure, clear } = useShownError('alert-settings');
  const id = useId();
  const [deviceSubscribed, setDeviceSubscribed] = useState(false);
  useEffect(() => {
    let live = true;
    devicePushSubscribed().then(
      (subscribed) => live && setDeviceSubscribed(subscribed),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!data) return null;
  const { settings, vapidPublicKey } = data;

  async function save(next: AlertSettingsDto) {
    const result = await put(next);
    if ('error' in result) showFailure(ALERTS_MSG.settingsFailed, result.error);
  }

  async function change(channel: keyof AlertSettingsDto, on: boolean) {
    clear();
    setBusy(true);
    try {
      if (channel === 'push' && on) {
        const outcome = vapidPublicKey
          ? await subscribePush(vapidPublicKey)
          : ({ ok: false, reason: 'unsupported' } as const);
        if (!outcome.ok) {
          show(
            outcome.reason === 'denied' ? ALERTS_MSG.pushDenied : ALERTS_MSG.pushUnsupported,
            ErrorCode.VALIDATION_ERROR,
          );
          return;
        }
        const added = await addSubscription(outcome.subscription);
        if ('error' in added) {
          showFailure(ALERTS_MSG.settingsFailed, added.error);
          return;
        }
        setDeviceSubscribed(true);
      } else if (channel === 'push') {
        const endpoint = await unsubscribePush();
        setDeviceSubscribed(false);
        if (endpoint) await removeSubscription({ endpoint });
      }
      await save({ ...settings, [channel]: on });
    } catch (failure) {
      showFailure(ALERTS_MSG.settingsFailed, failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="mt-3">
      <CardBody>
        <h2 className="h5">{ALERTS_MSG.deliveryTitle}</h2>
        <p className="small text-body-secondary">{ALERTS_MSG.deliveryIntro}</p>
        <ul className="list-unstyled mb-0">
          {CHANNELS.map(([channel, label]) => (
            <li key={channel} className="form-check form-switch py-1">
              <input
                id={`${id}-${channel}`}
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={channel === 'push' ? settings.push && deviceSubscribed : settings[channel]}
                disabled={busy}
                onChange={(e) => void change(channel, e.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-${channel}`}>
                {label}
              </label>
            </li>
          ))}
        </ul>
        {error && (
          <p className="small text-danger mt-2 mb-0" role="alert">
            <ErrorMessage error={error}>{error.message}</ErrorMessage>
          </p>
        )}
      </CardBody>
    </Card>
  );
}

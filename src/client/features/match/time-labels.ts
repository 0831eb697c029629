/** Clock and date labels of the price chart, in the user's time zone (or a given one). */
import { formatKickoff } from '@shared/format';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'time' | 'day', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      kind === 'time'
        ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        : new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' });
    formatters.set(key, found);
  }
  return found;
}

/** '14:05' */
export const clockLabel = (at: number, timeZone?: string) => formatter('time', timeZone).format(at);

/** '28 Nov' */
export const dayLabel = (at: number, timeZone?: string) => formatter('day', timeZone).format(at);

/** 'Today • 14:05', 'Sat 28th Nov • 14:05': the kick-off label's form, for any moment. */
export const momentLabel = (at: number | string, now: number, timeZone?: string) =>
  formatKickoff(typeof at === 'number' ? new Date(at) : at, new Date(now), timeZone);

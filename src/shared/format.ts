/** Presentation helpers: kick-off labels, counts, dates. */
import { MSG } from './messages';

// Intl formatters are built on first use: building one loads locale data, which costs a page
// that never formats a count or a zoned date tens of milliseconds of main-thread time.
let nigerianNumber: Intl.NumberFormat | undefined;

/**
 * Counts with Nigerian-locale thousands separators (the summary bar). Whole
 * numbers, the summary's only kind, are grouped by three with commas as en-NG does, without
 * building a formatter: that first `Intl.NumberFormat` costs the dashboard's first render about
 * 50 ms on a slow phone. Anything else goes through Intl.
 */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  nigerianNumber ??= new Intl.NumberFormat('en-NG');
  return nigerianNumber.format(value);
}

export function ordinalSuffix(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: string;
  monthShort: string;
  time: string;
}

interface ZonedFormatters {
  parts: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one, and a dashboard
// formats a label per event card on every render: keep one pair per time zone.
const formatters = new Map<string, ZonedFormatters>();

function formattersFor(timeZone: string | undefined): ZonedFormatters {
  const key = timeZone ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = {
      parts: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      month: new Intl.DateTimeFormat('en-GB', { timeZone, month: 'short' }),
    };
    formatters.set(key, found);
  }
  return found;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The same parts in the runtime's own zone, from Date's local fields: no Intl formatter needed. */
function localParts(date: Date): ZonedParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    weekday: WEEKDAYS[date.getDay()] ?? '',
    monthShort: MONTHS[date.getMonth()] ?? '',
    time: `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`,
  };
}

function zonedParts(date: Date, timeZone: string | undefined): ZonedParts {
  if (timeZone === undefined) return localParts(date);
  const { parts: partsFormat, month } = formattersFor(timeZone);
  const parts = partsFormat.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday: get('weekday'),
    monthShort: month.format(date).slice(0, 3),
    time: `${get('hour')}:${get('minute')}`,
  };
}

function dayNumber(p: ZonedParts): number {
  return Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;
}

/**
 * Kick-off label in the user's time zone: 'Today • HH:MM', 'Tomorrow • HH:MM', else
 * 'Sat 28th Nov • 15:00'. `timeZone` defaults to the runtime's zone.
 */
export function formatKickoff(kickoff: string | Date, now: Date = new Date(), timeZone?: string): string {
  const date = typeof kickoff === 'string' ? new Date(kickoff) : kickoff;
  if (Number.isNaN(date.getTime())) return MSG.invalidDate;
  const k = zonedParts(date, timeZone);
  const n = zonedParts(now, timeZone);
  const diff = dayNumber(k) - dayNumber(n);
  if (diff === 0) return `Today • ${k.time}`;
  if (diff === 1) return `Tomorrow • ${k.time}`;
  return `${k.weekday} ${k.day}${ordinalSuffix(k.day)} ${k.monthShort} • ${k.time}`;
}

/** Long date for profile fields; 'Invalid date' when it does not parse. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return MSG.invalidDate;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return MSG.invalidDate;
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

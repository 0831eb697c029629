import { spawnSync } from 'node:child_process';
import { formatCount, formatDate, formatKickoff, ordinalSuffix } from '@shared/format';
import { decodeJwtClaims, tokenExpiresAt } from '@shared/jwt';

describe('kick-off label (docs/product.md#screens)', () => {
  const now = new Date('2026-11-26T10:00:00Z'); // a Thursday
  it('says Today and Tomorrow with the time in the given zone', () => {
    expect(formatKickoff('2026-11-26T19:45:00Z', now, 'Africa/Lagos')).toBe('Today • 20:45');
    expect(formatKickoff('2026-11-27T14:00:00Z', now, 'Africa/Lagos')).toBe('Tomorrow • 15:00');
  });
  it('uses weekday, ordinal day and month further out', () => {
    expect(formatKickoff('2026-11-28T15:00:00Z', now, 'UTC')).toBe('Sat 28th Nov • 15:00');
    expect(formatKickoff('2026-12-01T20:00:00Z', now, 'UTC')).toBe('Tue 1st Dec • 20:00');
  });
  it('follows the user zone across midnight', () => {
    // 23:30 UTC on the 26th is already the 27th in Lagos (UTC+1).
    expect(formatKickoff('2026-11-26T23:30:00Z', now, 'UTC')).toBe('Today • 23:30');
    expect(formatKickoff('2026-11-26T23:30:00Z', now, 'Africa/Lagos')).toBe('Tomorrow • 00:30');
  });
  it('handles ordinals and bad dates', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((d) => d + ordinalSuffix(d))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
    expect(formatKickoff('not a date', now)).toBe('Invalid date');
    expect(formatDate('garbage')).toBe('Invalid date');
    expect(formatDate('2026-11-21T10:00:00Z', 'UTC')).toBe('21 November 2026');
  });
  it.each(['Africa/Lagos', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
    "in the runtime's own zone (%s) the label matches the zoned formatter's, DST and odd offsets included",
    (zone) => {
      // Without a zone the label is built from Date's local fields; with the runtime's zone
      // named, from Intl. A process running in `zone` compares both on 500 random kick-offs.
      const script = `
        const { formatKickoff } = require(${JSON.stringify(require.resolve('../../src/shared/format'))});
        let seed = 7;
        const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
        const wrong = [];
        for (let i = 0; i < 500; i += 1) {
          const now = new Date(Date.UTC(2026, 0, 1) + random() * 365 * 86400000);
          const kickoff = new Date(now.getTime() + random() * 9 * 86400000);
          const local = formatKickoff(kickoff, now);
          const zoned = formatKickoff(kickoff, now, process.env.TZ);
          if (local !== zoned) wrong.push([kickoff.toISOString(), now.toISOString(), local, zoned]);
        }
        console.log(JSON.stringify({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, wrong }));
      `;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      // The child really ran in that zone (ICU may print an alias, e.g. Asia/Calcutta).
      expect(JSON.parse(run.stdout)).toEqual({ zone: expect.not.stringMatching(/^(UTC|Etc\/)/), wrong: [] });
    },
  );
  it('formats counts with Nigerian thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
  it('groups whole numbers exactly as the en-NG formatter does, and leaves fractions to it', () => {
    const nigerian = new Intl.NumberFormat('en-NG');
    const samples = [1, 12, 123, 999, 1000, 12_345, 100_000, 999_999, 1_000_000, 48_213_907, -4_500, 2 ** 53 - 1];
    for (const value of samples) expect(formatCount(value)).toBe(nigerian.format(value));
    expect(formatCount(1234.5)).toBe(nigerian.format(1234.5));
  });
});

describe('JWT claims', () => {
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${encode({ alg: 'HS256' })}.${encode({ exp: 1_900_000_000, ak: 'k-_ü' })}.sig`;
  it('decodes the payload and the expiry in ms', () => {
    expect(decodeJwtClaims(token)?.ak).toBe('k-_ü');
    expect(tokenExpiresAt(token)).toBe(1_900_000_000_000);
  });
  it('returns null on malformed tokens', () => {
    expect(decodeJwtClaims('a.b')).toBeNull();
    expect(decodeJwtClaims('a.%%%.c')).toBeNull();
    expect(decodeJwtClaims(undefined)).toBeNull();
    expect(tokenExpiresAt(`${encode({})}.${encode({ exp: 'soon' })}.s`)).toBeNull();
  });
});

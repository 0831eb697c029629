import { act, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { EventCard } from '../../../src/client/components/odds/event-card';
import { EventList } from '../../../src/client/components/odds/event-list';
import { market, oddsEvent, providerRow } from './odds-fixtures';

const LAGOS = 'Africa/Lagos'; // UTC+1, no DST
const NOW = new Date('2026-11-01T10:00:00Z'); // Sunday 1 Nov 2026, 11:00 in Lagos

function kickoffLabel(date: string, now = NOW, timeZone = LAGOS) {
  const { container, unmount } = render(<EventCard event={oddsEvent({ date })} now={now} timeZone={timeZone} />);
  const label = container.querySelector('time');
  expect(label).toHaveAttribute('datetime', date);
  const text = label?.textContent;
  unmount();
  return text;
}

describe('EventCard kick-off label', () => {
  it('says Today and Tomorrow with the local time', () => {
    expect(kickoffLabel('2026-11-01T19:45:00Z')).toBe('Today • 20:45');
    expect(kickoffLabel('2026-11-02T14:00:00Z')).toBe('Tomorrow • 15:00');
  });

  it.each([
    ['2026-12-01T15:00:00Z', 'Tue 1st Dec • 16:00'],
    ['2026-11-03T15:00:00Z', 'Tue 3rd Nov • 16:00'],
    ['2026-11-04T15:00:00Z', 'Wed 4th Nov • 16:00'],
    ['2026-11-11T15:00:00Z', 'Wed 11th Nov • 16:00'],
    ['2026-11-12T15:00:00Z', 'Thu 12th Nov • 16:00'],
    ['2026-11-13T15:00:00Z', 'Fri 13th Nov • 16:00'],
    ['2026-11-21T15:00:00Z', 'Sat 21st Nov • 16:00'],
    ['2026-11-22T15:00:00Z', 'Sun 22nd Nov • 16:00'],
    ['2026-11-23T15:00:00Z', 'Mon 23rd Nov • 16:00'],
    ['2026-11-28T14:00:00Z', 'Sat 28th Nov • 15:00'],
    ['2026-12-02T15:00:00Z', 'Wed 2nd Dec • 16:00'],
    ['2026-10-31T15:00:00Z', 'Sat 31st Oct • 16:00'],
  ])('%s shows %s', (date, label) => {
    expect(kickoffLabel(date)).toBe(label);
  });

  it('uses the calendar day of the user time zone around midnight', () => {
    // 23:30 UTC on 1 Nov is 00:30 on 2 Nov in Lagos: tomorrow there, today in London.
    expect(kickoffLabel('2026-11-01T23:30:00Z')).toBe('Tomorrow • 00:30');
    expect(kickoffLabel('2026-11-01T23:30:00Z', NOW, 'Europe/London')).toBe('Today • 23:30');
    // Exactly midnight local starts the next day.
    expect(kickoffLabel('2026-11-01T23:00:00Z')).toBe('Tomorrow • 00:00');
    expect(kickoffLabel('2026-11-01T22:59:00Z')).toBe('Today • 23:59');
    // Late at night "now": a match shortly after midnight is tomorrow.
    expect(kickoffLabel('2026-11-02T00:15:00Z', new Date('2026-11-01T22:50:00Z'))).toBe('Tomorrow • 01:15');
  });

  it('follows other zones, including half-hour offsets', () => {
    expect(kickoffLabel('2026-11-28T14:00:00Z', NOW, 'Africa/Nairobi')).toBe('Sat 28th Nov • 17:00');
    expect(kickoffLabel('2026-11-28T14:00:00Z', NOW, 'Asia/Kolkata')).toBe('Sat 28th Nov • 19:30');
    expect(kickoffLabel('2026-11-28T14:00:00Z', NOW, 'America/New_York')).toBe('Sat 28th Nov • 09:00');
  });
});

describe('EventCard', () => {
  it('shows the name, the league and one table per market', () => {
    const event = oddsEvent({
      name: 'Real Madrid vs Barcelona',
      competitionId: 2,
      markets: [
        market(1, [providerRow(2, 5, [[1, 2.5]])]),
        market(4, [
          providerRow(2, 5, [
            [8, 1.9],
            [9, 1.95],
          ]),
        ]),
      ],
    });
    render(<EventCard event={event} now={NOW} timeZone={LAGOS} />);
    expect(screen.getByRole('heading', { name: 'Real Madrid vs Barcelona' })).toBeInTheDocument();
    expect(screen.getByText('La Liga')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ESP flag' })).toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(screen.getByRole('table', { name: /OU2\.5/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /OU2\.5/ })).getByText('Over 2.5')).toBeInTheDocument();
  });

  it('leaves the league out in a one-league list, keeping the heading, the time and the prices', () => {
    const event = oddsEvent({ name: 'Real Madrid vs Barcelona', competitionId: 2 });
    render(<EventCard event={event} now={NOW} timeZone={LAGOS} showLeague={false} />);
    expect(screen.getByRole('heading', { name: 'Real Madrid vs Barcelona' })).toBeInTheDocument();
    expect(screen.getByText(/^(Today|Tomorrow|\w{3} \d+\w\w \w{3}) • \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.queryByText('La Liga')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'ESP flag' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('table').length).toBeGreaterThan(0);
  });

  it('falls back for unknown competitions', () => {
    render(<EventCard event={oddsEvent({ competitionId: 9 })} now={NOW} timeZone={LAGOS} />);
    expect(screen.getByText('Competition 9')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'UN flag' })).toBeInTheDocument();
  });
});

describe('EventList', () => {
  it("names each card's league unless told the list is one league", () => {
    const events = [oddsEvent({ competitionId: 1 }), oddsEvent({ name: 'Real Madrid vs Sevilla', competitionId: 2 })];
    const { rerender } = render(<EventList events={events} now={NOW} timeZone={LAGOS} />);
    expect(screen.getByText('Premier League')).toBeInTheDocument();
    expect(screen.getByText('La Liga')).toBeInTheDocument();
    rerender(<EventList events={events} now={NOW} timeZone={LAGOS} showLeague={false} />);
    expect(screen.queryByText('Premier League')).not.toBeInTheDocument();
    expect(screen.queryByText('La Liga')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it('labels demo data only when the API says so', () => {
    const events = [oddsEvent(), oddsEvent({ name: 'Liverpool vs Everton' })];
    const { rerender } = render(<EventList events={events} source="demo" now={NOW} timeZone={LAGOS} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.getByText('Demo data')).toBeInTheDocument();
    rerender(<EventList events={events} source="live" now={NOW} timeZone={LAGOS} />);
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });
});

describe('EventCard without a given now', () => {
  afterEach(() => jest.useRealTimers());

  it('turns Tomorrow into Today when midnight passes, without new data', () => {
    jest.useFakeTimers({ now: new Date('2026-11-01T22:59:30Z') }); // 23:59:30 in Lagos
    render(<EventCard event={oddsEvent({ date: '2026-11-01T23:30:00Z' })} timeZone={LAGOS} />);
    expect(screen.getByText('Tomorrow • 00:30')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(61_000);
    });
    expect(screen.getByText('Today • 00:30')).toBeInTheDocument();
  });

  it('names each scrolling table region by its event and market, so they are unique on a page', () => {
    render(<EventCard event={oddsEvent({ date: '2026-11-28T15:00:00Z' })} now={new Date('2026-11-26T10:00:00Z')} />);
    const regions = screen.getAllByRole('region');
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) {
      expect(region).toHaveAccessibleName(expect.stringMatching(/^.+ vs .+ \S+/));
      expect(region).toHaveAttribute('tabindex', '0');
    }
  });

  it('renders the first cards at once and the rest in the tasks after, a few per task', async () => {
    const events = Array.from({ length: 12 }, (_, i) => oddsEvent({ id: `evt_${i}`, name: `Home ${i} vs Away ${i}` }));
    // The first render (what a static render shows, before any deferred work): 6 cards.
    const first = renderToString(<EventList events={events} now={NOW} timeZone={LAGOS} firstAtOnce={6} />);
    expect(first.match(/<h3/g)).toHaveLength(6);
    // Then every card, in the tasks that follow the first paint.
    render(<EventList events={events} now={NOW} timeZone={LAGOS} firstAtOnce={6} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    // The list says it is still being built until its last card is in.
    expect(screen.getAllByRole('list')[0]).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(12));
    expect(screen.getByText('Home 11 vs Away 11')).toBeInTheDocument();
    expect(screen.getAllByRole('list')[0]).not.toHaveAttribute('aria-busy');
  });
});

/**
 * Real 2024/25 Premier League prices (football-data.co.uk, test/fixtures) rendered as the
 * server would send them: margins computed from the prices as stored (docs/architecture.md#odds-model, #settled-details),
 * Best flags on the highest price of each selection.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { EventList } from '../../../src/client/components/odds/event-list';
import type { MarketOddsDto, OddsEventDto } from '../../../src/shared/contract/odds';
import { OddsFlag, PROVIDER_IDS } from '../../../src/shared/lookups';
import { bestIndexes, formatMargin, marginLevel, marketMargin } from '../../../src/shared/odds-math';

const CSV = path.join(__dirname, '../../fixtures/football-data-2024-25/E0.csv');

function readRows(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(CSV, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
}

/** Bookmaker columns of the file, as three of our providers. */
const BOOKS = [
  { providerId: 1, x12: ['B365H', 'B365D', 'B365A'], ou: ['B365>2.5', 'B365<2.5'] },
  { providerId: 2, x12: ['PSH', 'PSD', 'PSA'], ou: ['P>2.5', 'P<2.5'] },
  { providerId: 5, x12: ['1XBH', '1XBD', '1XBA'], ou: [] as string[] },
];

function buildMarket(row: Record<string, string>, marketId: number, selections: number[], key: 'x12' | 'ou') {
  const prices = BOOKS.map((b) =>
    selections.map((_, i) => (b[key][i] && row[b[key][i]!] ? Number(row[b[key][i]!]) : null)),
  );
  const best = selections.map((_, i) => new Set(bestIndexes(prices.map((p) => p[i]))));
  const market: MarketOddsDto = {
    marketId,
    odds: BOOKS.map((b, bi) => ({
      providerId: b.providerId,
      margin: marketMargin(marketId, prices[bi]!),
      odds: selections.map((selectionTypeId, i) => ({
        selectionTypeId,
        value: prices[bi]![i] ?? null,
        flags: best[i]!.has(bi) ? OddsFlag.Best : 0,
      })),
    })),
  };
  return market;
}

function toEvent(row: Record<string, string>, index: number): OddsEventDto {
  const [d, m, y] = row.Date!.split('/');
  return {
    id: `e0-${index}`,
    name: `${row.HomeTeam} vs ${row.AwayTeam}`,
    date: `${y}-${m}-${d}T${row.Time}:00Z`,
    competitionId: 1,
    markets: [buildMarket(row, 1, [1, 2, 3], 'x12'), buildMarket(row, 4, [8, 9], 'ou')],
  };
}

const events = readRows().map(toEvent);
const NOW = new Date('2024-08-16T08:00:00Z');

describe('real 2024/25 prices', () => {
  it('render the opening match with the margins a bookmaker actually charged', () => {
    render(<EventList events={events.slice(0, 1)} now={NOW} timeZone="Europe/London" />);
    expect(screen.getByRole('heading', { name: 'Man United vs Fulham' })).toBeInTheDocument();
    expect(screen.getByText('Today • 21:00')).toBeInTheDocument();
    const x12 = screen.getByRole('table', { name: /1X2/ });
    const cells = (table: HTMLElement, book: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${book}`) }))
        .getAllByRole('cell')
        .map((c) => c.querySelector('.odds-value, .badge')?.textContent);
    expect(cells(x12, 'Bet9Ja')).toEqual(['1.60', '4.20', '5.25', '5.36%']);
    expect(cells(x12, 'BetKing')).toEqual(['1.63', '4.38', '5.30', '3.05%']);
    expect(cells(x12, '1XBet')).toEqual(['1.68', '4.32', '5.03', '2.55%']);
    const ou = screen.getByRole('table', { name: /OU2\.5/ });
    expect(cells(ou, 'Bet9Ja')).toEqual(['1.53', '2.50', '5.36%']);
    expect(cells(ou, 'BetKing')).toEqual(['1.56', '2.56', '3.17%']);
    expect(cells(ou, '1XBet')).toEqual(['-', '-', '-']);
    // Best: 1XBet's home price, Pinnacle-as-BetKing's draw and away.
    const bold = within(x12).getAllByText((_, el) => !!el?.classList.contains('fw-bold'));
    expect(bold.map((el) => el.textContent).sort()).toEqual(['1.68', '4.38', '5.30']);
    expect(within(x12).getByText('5.36%')).toHaveClass('bg-warning');
    expect(within(x12).getByText('3.05%')).toHaveClass('bg-success');
  });

  it('show every badge of the first 40 matches as the server computes it', () => {
    const sample = events.slice(0, 40);
    render(<EventList events={sample} source="demo" now={NOW} timeZone="Africa/Lagos" />);
    const badges = screen.getAllByText((_, el) => !!el?.classList.contains('badge') && el.textContent !== 'Demo data');
    // Every table lists the country's five books; one that does not price the market shows '-'.
    const expected = sample.flatMap((e) =>
      e.markets.flatMap((m) => PROVIDER_IDS.map((id) => m.odds.find((o) => o.providerId === id)?.margin ?? null)),
    );
    expect(badges).toHaveLength(expected.length);
    badges.forEach((badge, i) => {
      expect(badge).toHaveTextContent(formatMargin(expected[i]));
      expect(badge).toHaveClass(`bg-${marginLevel(expected[i])}`);
    });
    const levels = new Set(badges.map((b) => [...b.classList].find((c) => c.startsWith('bg-'))));
    // Real books span the scale: sharp (≤ 5 %), typical (≤ 10 %) and unknown (no O/U prices).
    expect(levels).toEqual(new Set(['bg-success', 'bg-warning', 'bg-secondary']));
  });
});

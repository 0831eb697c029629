import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { OddsFlag } from '../../../src/shared/lookups';
import { BookKey } from '../../../src/client/components/odds/book-key';
import { OddsTable } from '../../../src/client/components/odds/odds-table';
import { MarginBadge } from '../../../src/client/components/odds/margin-badge';
import { market, providerRow } from './odds-fixtures';

function rowOf(bookmaker: string) {
  return screen.getByRole('row', { name: new RegExp(`^${bookmaker}\\b`) });
}

function headers() {
  return screen.getAllByRole('columnheader').map((h) => h.textContent);
}

describe('OddsTable', () => {
  it('has a column per selection plus Ov and a row per bookmaker', () => {
    render(
      <OddsTable
        market={market(1, [
          providerRow(1, 6.42, [
            [1, 2.1],
            [2, 3.4],
            [3, 3.2],
          ]),
          providerRow(5, 4.1, [
            [1, 2.2],
            [2, 3.5],
            [3, 3.3],
          ]),
          providerRow(9, null, [[1, 2]]),
        ])}
      />,
    );
    expect(headers()).toEqual(['Bookmaker', 'Home', 'Draw', 'Away', 'Ov']);
    // Nigeria's five books, each once, then the unknown one the answer carries.
    expect(screen.getAllByRole('row')).toHaveLength(7);
    expect(
      within(rowOf('Bet9Ja'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2.10', '3.40', '3.20', '6.42%']);
    expect(rowOf('1XBet')).toBeInTheDocument();
    // Unknown provider and missing prices: fallback name and '-'.
    expect(
      within(rowOf('Provider 9'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2.00', '-', '-', '-']);
    expect(screen.getByRole('table', { name: /1X2/ })).toBeInTheDocument();
  });

  it("lists every book of the country exactly once, '-' for a book that does not offer the market", () => {
    render(
      <OddsTable
        market={market(1, [
          providerRow(3, 4.5, [
            [1, 2.1],
            [2, 3.4],
            [3, 3.6],
          ]),
        ])}
      />,
    );
    const rowHeaders = screen.getAllByRole('rowheader').map((h) => h.querySelector('.odds-book-text')?.textContent);
    expect(rowHeaders).toEqual(['Bet9Ja', 'BetKing', 'SportyBet', 'NairaBet', '1XBet']);
    for (const book of ['Bet9Ja', 'BetKing', 'NairaBet', '1XBet']) {
      expect(
        within(rowOf(book))
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['-', '-', '-', '-']);
    }
    // Phones show a mark; the full name stays as the tooltip and in the accessible name.
    expect(rowOf('SportyBet').querySelector('th')).toHaveAttribute('title', 'SportyBet');
    expect(within(rowOf('SportyBet')).getByRole('button', { name: 'SportyBet' })).toHaveAttribute('data-mark', 'SPB');
  });

  it('shows the full name of a bookmaker mark when it is tapped, under the row, read once', async () => {
    const user = userEvent.setup();
    render(
      <OddsTable
        market={market(1, [
          providerRow(3, 4.5, [
            [1, 2.1],
            [2, 3.4],
            [3, 3.6],
          ]),
        ])}
      />,
    );
    const mark = within(rowOf('SportyBet')).getByRole('button', { name: 'SportyBet' });
    expect(mark).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('row')).toHaveLength(6);
    await user.click(mark);
    expect(mark).toHaveAttribute('aria-expanded', 'true');
    // A line of its own under SportyBet's row, spanning the table: it covers no price.
    const rows = [...document.querySelectorAll('tbody tr')];
    const line = rows[rows.indexOf(rowOf('SportyBet')) + 1]!;
    expect(line).toHaveClass('odds-book-full');
    expect(line.textContent).toBe('SPB SportyBet');
    expect(line.querySelector('td')).toHaveAttribute('colspan', '5');
    // Seen only: screen readers already have the name in the row header.
    expect(line).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByRole('row')).toHaveLength(6);
    // The keyboard does the same; a second press hides the name again.
    mark.focus();
    await user.keyboard('{Enter}');
    expect(mark).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.odds-book-full')).toBeNull();
    // The other rows' prices are untouched.
    expect(
      within(rowOf('SportyBet'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2.10', '3.40', '3.60', '4.50%']);
  });

  it("explains 'Ov' under the table when its heading is tapped, not only on hover", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <OddsTable market={market(1, [providerRow(3, 4.5, [[1, 2.1]])])} />
      </MemoryRouter>,
    );
    const ov = screen.getByRole('button', { name: 'Ov' });
    expect(ov).toHaveAttribute('aria-expanded', 'false');
    expect(ov.closest('th')).not.toHaveAttribute('title');
    expect(screen.queryByText(/overround/)).toBeNull();
    await user.click(ov);
    expect(ov).toHaveAttribute('aria-expanded', 'true');
    const about = document.getElementById(ov.getAttribute('aria-controls')!)!;
    expect(about).toHaveTextContent(/^Ov \(overround\) is the bookmaker’s margin on this market/);
    expect(within(about).getByRole('link', { name: 'More in Help' })).toHaveAttribute('href', '/help#margin');
    await user.click(ov);
    expect(ov).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/overround/)).toBeNull();
  });

  it("shows what a moved price was on the line a tapped mark opens (the arrow's tooltip, by tap)", async () => {
    const user = userEvent.setup();
    const changedAt = new Date(Date.now() - 5 * 60_000);
    const hhmm = `${String(changedAt.getHours()).padStart(2, '0')}:${String(changedAt.getMinutes()).padStart(2, '0')}`;
    const row = providerRow(3, 4.5, [
      [1, 2.1],
      [2, 3.4],
      [3, 3.6],
    ]);
    row.odds[0] = { ...row.odds[0]!, flags: OddsFlag.Decreased, was: 2.25, changedAt: changedAt.toISOString() };
    row.odds[2] = { ...row.odds[2]!, flags: OddsFlag.Increased };
    render(<OddsTable market={market(1, [row])} />);
    await user.click(within(rowOf('SportyBet')).getByRole('button', { name: 'SportyBet' }));
    expect(document.querySelector('.odds-book-full')!.textContent).toBe(
      `SPB SportyBetHome: odds decreased, was 2.25, ${hhmm}Away: odds increased`,
    );
  });

  it("takes the country's books from its caller", () => {
    render(<OddsTable market={market(7, [])} providerIds={[2, 5]} />);
    expect(screen.getAllByRole('rowheader').map((h) => h.getAttribute('title'))).toEqual(['BetKing', '1XBet']);
  });

  it.each([
    [2, ['Over 0.5', 'Under 0.5']],
    [4, ['Over 2.5', 'Under 2.5']],
    [6, ['Over 4.5', 'Under 4.5']],
    [7, ['Yes', 'No']],
    [8, ['1X', '12', 'X2']],
  ])('market %i has the columns %j', (marketId, columns) => {
    render(<OddsTable market={market(marketId, [])} />);
    expect(headers()).toEqual(['Bookmaker', ...columns, 'Ov']);
  });

  it('scrolls inside a named, keyboard-reachable region (phones scroll tables sideways)', () => {
    render(
      <OddsTable
        market={market(4, [
          providerRow(1, 5.2, [
            [8, 1.9],
            [9, 1.95],
          ]),
        ])}
      />,
    );
    const region = screen.getByRole('region', { name: 'OU2.5 · Over/Under 2.5 goals' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('derives columns from the rows for an unknown market', () => {
    render(
      <OddsTable
        market={market(42, [
          providerRow(1, null, [
            [19, 1.5],
            [20, 2.5],
          ]),
        ])}
      />,
    );
    expect(headers()).toEqual(['Bookmaker', 'Selection 19', 'Selection 20', 'Ov']);
    expect(screen.getByRole('table', { name: 'Market 42' })).toBeInTheDocument();
  });

  it('shows prices with 2 decimals, rounding, and a null price as -', () => {
    render(
      <OddsTable
        market={market(7, [
          providerRow(3, 5.55, [
            [14, 1.8],
            [15, 1.999],
          ]),
          providerRow(4, null, [
            [14, null, 8],
            [15, 12],
          ]),
        ])}
      />,
    );
    expect(
      within(rowOf('SportyBet'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.80', '2.00', '5.55%']);
    const nairaBet = within(rowOf('NairaBet')).getAllByRole('cell');
    // A withdrawn price shows '-' and no flag, even when a stale flag travels with it.
    expect(nairaBet[0]).toHaveTextContent(/^-$/);
    expect(nairaBet[1]).toHaveTextContent('12.00');
  });
});

describe('BookKey', () => {
  it('says what each three-letter mark stands for', () => {
    render(<BookKey />);
    expect(screen.getByText(/^Bookmakers:/, { selector: 'p' })).toHaveTextContent(
      'Bookmakers: B9J Bet9Ja · BKG BetKing · SPB SportyBet · NRB NairaBet · 1XB 1XBet',
    );
    expect(screen.getByText(/^Bookmakers:/, { selector: 'p' })).toHaveClass('book-key');
  });
});

describe('MarginBadge', () => {
  it('says when a boosted selection without its regular price was left out of the margin', () => {
    render(<MarginBadge margin={4.2} partial />);
    const badge = screen.getByText(/^4\.20%/);
    expect(badge).toHaveTextContent('4.20%* (a boosted price without its regular price is left out of this margin)');
    expect(badge).toHaveAttribute('title', 'a boosted price without its regular price is left out of this margin');
  });

  it("reads a row's marginPartial", () => {
    render(
      <OddsTable
        market={market(7, [
          {
            ...providerRow(2, 3.1, [
              [14, 1.9],
              [15, 2.1],
            ]),
            marginPartial: true,
          },
        ])}
      />,
    );
    expect(within(rowOf('BetKing')).getByTitle(/left out of this margin/)).toHaveTextContent(/^3\.10%\*/);
  });

  it.each([
    [0, 'bg-success', '0.00%'],
    [4.99, 'bg-success', '4.99%'],
    [5, 'bg-success', '5.00%'],
    [5.01, 'bg-warning', '5.01%'],
    [10, 'bg-warning', '10.00%'],
    [10.01, 'bg-danger', '10.01%'],
    [27.3, 'bg-danger', '27.30%'],
    [null, 'bg-secondary', '-'],
  ])('margin %p is %s showing %s', (margin, cls, text) => {
    render(<MarginBadge margin={margin} />);
    const badge = screen.getByText(text);
    expect(badge).toHaveClass('badge', cls);
  });
});

import { screen, within } from '@testing-library/react';
import { HelpPage } from '../../../src/client/features/help/help-page';
import { renderWithProviders } from '../support/render';

describe('/help', () => {
  it('explains the marks on the odds with the dashboard cell', () => {
    renderWithProviders(<HelpPage />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const text = rows.map((row) => row.textContent);
    expect(text[0]).toMatch(/2\.10.*odds increased.*Green up arrow: the odds rose/);
    expect(text[1]).toMatch(/1\.85.*odds decreased.*Red down arrow: the odds fell/);
    expect(text[2]).toMatch(/3\.40.*boosted odds.*Lightning bolt: boosted odds/);
    expect(text[3]).toMatch(/2\.25.*best odds.*Bold yellow number: the best odds/);
    expect(within(rows[3] as HTMLElement).getByText('2.25')).toHaveClass('fw-bold');
  });

  it('has the glossary, the margin legend and tips', () => {
    renderWithProviders(<HelpPage />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '1X2',
      'Over/Under',
      'BTTS',
      'Double Chance (1X, 12, X2)',
      'B9J',
      'BKG',
      'SPB',
      'NRB',
      '1XB',
    ]);
    expect(screen.getByText('5%')).toHaveClass('bg-success');
    expect(screen.getByText('10%')).toHaveClass('bg-warning');
    expect(screen.getByText('15%')).toHaveClass('bg-danger');
    const legend = screen.getByText('5%').closest('ul');
    expect(legend).toHaveTextContent('5% good (up to 5%)10% average (over 5% up to 10%)15% high (above 10%)');
    // The examples read as the tables' own levels, and the dashboard's legend links here.
    expect(screen.getByText('For example, with the levels the tables use:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Margin (Ov)' })).toHaveAttribute('id', 'margin');
    expect(screen.getByRole('heading', { name: 'Tips' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'responsible gambling' })).toHaveAttribute('href', '/responsible-gambling');
  });

  it('keys the bookmaker marks and has a section for each tool', () => {
    renderWithProviders(<HelpPage />);
    const marks = screen.getByRole('heading', { name: 'Bookmaker marks' }).nextElementSibling?.nextElementSibling;
    expect(marks).toHaveTextContent('B9J Bet9JaBKG BetKingSPB SportyBetNRB NairaBet1XB 1XBet');
    const sections = [
      ['The bet slip', 'help-slip', /Tap a price/],
      ['Booking codes', 'help-booking-codes', /booking code is a short code/],
      ['Fair odds', 'help-fair-odds', /margin taken out/],
      ['Sure bets', 'help-surebets', /less than 100%/],
      ['Value bets', 'help-value', /at least 2% above its fair odds/],
      ['Drops', 'help-drops', /fell most within the chosen time window/],
      ['Alerts', 'help-alerts', /best price available now/],
      ['Earlier prices', 'help-moves', /tap a bookmaker’s mark/],
    ] as const;
    for (const [name, id, text] of sections) {
      const heading = screen.getByRole('heading', { name });
      expect(heading).toHaveAttribute('id', id);
      expect(screen.getByRole('region', { name })).toHaveTextContent(text);
    }
  });
});

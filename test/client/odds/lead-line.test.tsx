import { render, screen } from '@testing-library/react';
import { LeadLine } from '../../../src/client/components/odds/lead-line';
import { market, providerRow } from './odds-fixtures';

describe('the best-price line', () => {
  it('gives a phone the price alone when every listed book pays the same, so the line stays short', () => {
    const same = market(1, [
      providerRow(1, 5, [
        [1, 2.1],
        [2, 3.4],
        [3, 3.6],
      ]),
      providerRow(2, 5, [
        [1, 2.1],
        [2, 3.3],
        [3, 3.6],
      ]),
      providerRow(3, 5, [
        [1, 2.1],
        [2, 3.2],
        [3, 3.5],
      ]),
    ]);
    render(<LeadLine market={same} columns={[1, 2, 3]} />);
    const [home, draw] = screen.getAllByRole('listitem');
    // Home: 2.10 at all three books.
    expect(home!.querySelector('.odds-lead-mark')).toHaveTextContent(/^2\.10$/);
    expect(home!.querySelector('.odds-lead-full')).toHaveTextContent('Bet9Ja, BetKing, SportyBet 2.10');
    expect(home).toHaveTextContent(/same at every listed book$/);
    // Draw: one book pays most; its mark stays.
    expect(draw!.querySelector('.odds-lead-mark')).toHaveTextContent(/^B9J 3\.40$/);
  });
});

import { render, screen } from '@testing-library/react';
import { OddsCell, FLAG_TEXT } from '../../../src/client/components/odds/odds-cell';
import { OddsFlag } from '../../../src/shared/lookups';

function cell(value: number | null, flags: number) {
  render(
    <table>
      <tbody>
        <tr>
          <OddsCell price={{ selectionTypeId: 1, value, flags }} />
        </tr>
      </tbody>
    </table>,
  );
  return screen.getByRole('cell');
}

const { Boosted, Increased, Decreased, Best } = OddsFlag;

describe('OddsCell flags', () => {
  // Every combination of the four bits (docs/product.md §3), including the contradictory up+down.
  const combos = Array.from({ length: 16 }, (_, flags) => flags);

  it.each(combos)('flags %i render exactly their icons and text alternatives', (flags) => {
    const td = cell(2.5, flags);
    const value = screen.getByText('2.50');
    const expectText = (bit: number, text: string) => {
      if (flags & bit) expect(td).toHaveTextContent(text);
      else expect(td).not.toHaveTextContent(text);
    };
    expectText(Best, FLAG_TEXT.best);
    expectText(Increased, FLAG_TEXT.increased);
    expectText(Decreased, FLAG_TEXT.decreased);
    expectText(Boosted, FLAG_TEXT.boosted);
    if (flags & Best) expect(value).toHaveClass('fw-bold', 'text-warning-emphasis', 'bg-warning-subtle');
    else expect(value).not.toHaveClass('fw-bold');
    expect(td.querySelectorAll('.text-success[aria-hidden="true"]')).toHaveLength(flags & Increased ? 1 : 0);
    expect(td.querySelectorAll('.text-danger[aria-hidden="true"]')).toHaveLength(flags & Decreased ? 1 : 0);
    expect(td.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(flags & Boosted ? 1 : 0);
  });

  it('uses a green up arrow and a red down arrow, hidden from screen readers', () => {
    const td = cell(1.9, Increased | Decreased);
    expect(td.querySelector('.text-success')).toHaveTextContent('▲');
    expect(td.querySelector('.text-danger')).toHaveTextContent('▼');
    for (const text of [FLAG_TEXT.increased, FLAG_TEXT.decreased]) {
      expect(screen.getByText(text, { exact: false })).toHaveClass('visually-hidden');
    }
  });

  it('keeps the icon slot when there is no icon, so prices do not shift', () => {
    const td = cell(1.9, 0);
    expect(td.querySelector('.odds-icons')).toBeInTheDocument();
  });

  it('shows - without flags when there is no price', () => {
    const td = cell(null, Best | Increased);
    expect(td).toHaveTextContent(/^-$/);
  });
});

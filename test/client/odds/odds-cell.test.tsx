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
  // Every combination of the four bits (docs/product.md#entities), including the contradictory up+down.
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

describe('OddsCell movement with a time frame', () => {
  const MINUTE = 60_000;
  const hhmm = (at: number) => {
    const d = new Date(at);
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  };
  function moved(flags: number, was: number, agoMs: number) {
    const changedAt = Date.now() - agoMs;
    render(
      <table>
        <tbody>
          <tr>
            <OddsCell
              price={{ selectionTypeId: 1, value: 2.25, flags, was, changedAt: new Date(changedAt).toISOString() }}
            />
          </tr>
        </tbody>
      </table>,
    );
    return { td: screen.getByRole('cell'), time: hhmm(changedAt) };
  }

  it('says from what price and when, as text alternative and tooltip', () => {
    const { td, time } = moved(Increased, 2.1, 5 * MINUTE);
    const text = `odds increased, was 2.10, ${time}`;
    expect(td).toHaveTextContent(`2.25▲ ${text}`);
    expect(screen.getByTitle(text)).toHaveTextContent('▲');
  });

  it('a fall within the hour says so too', () => {
    const { td, time } = moved(Decreased, 2.4, 59 * MINUTE);
    expect(td).toHaveTextContent(`odds decreased, was 2.40, ${time}`);
  });

  it('shows no arrow for a change more than an hour old', () => {
    const { td } = moved(Increased | Best, 2.1, 61 * MINUTE + MINUTE);
    expect(td).not.toHaveTextContent('▲');
    expect(td).not.toHaveTextContent(FLAG_TEXT.increased);
    expect(td).toHaveTextContent(FLAG_TEXT.best);
  });
});

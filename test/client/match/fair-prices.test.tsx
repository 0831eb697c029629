import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MatchPage } from '../../../src/client/features/match/match-page';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok } from '../dashboard/dashboard-support';
import { market, oddsEvent, providerRow } from '../odds/odds-fixtures';
import { EVENT_ID, eventDetail, history } from './match-support';

let api: MockApi;
afterEach(() => api?.restore());

/** Independent arithmetic: each book's 1/oᵢ divided by its own Σ 1/o, averaged over books, inverted. */
function expectedFair(books: number[][]): string[] {
  const per = books.map((prices) => {
    const total = prices.reduce((s, o) => s + 1 / o, 0);
    return prices.map((o) => 1 / o / total);
  });
  return per[0]!.map((_, i) => (1 / (per.reduce((s, p) => s + p[i]!, 0) / per.length)).toFixed(2));
}

function renderMatch(detail = eventDetail()) {
  api = mockApi()
    .on(`GET /api/odds/event/${EVENT_ID}`, ok(detail))
    .on(`GET /api/odds/event/${EVENT_ID}/history`, ok(history()));
  return renderWithProviders(
    <Routes>
      <Route path="/match/:eventId" element={<MatchPage pollingIntervalMs={0} />} />
    </Routes>,
    { preloadedState: loggedIn(), route: `/match/${EVENT_ID}` },
  );
}

const fairList = async (name = /^Fair odds \(multiplicative/) =>
  (await screen.findAllByRole('list', { name })).map((list) =>
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  );

describe('fair prices on the match page', () => {
  it('shows under each market the mean de-vigged price of the books pricing the whole market', async () => {
    renderMatch();
    const [result, btts] = await fairList();
    const [home, draw, away] = expectedFair([
      [2.1, 3.4, 3.2],
      [2.05, 3.5, 3.3],
    ]);
    expect(result).toEqual([`Home ${home}`, `Draw ${draw}`, `Away ${away}`]);
    const [yes, no] = expectedFair([
      [1.8, 1.95],
      [1.85, 1.9],
    ]);
    expect(btts).toEqual([`Yes ${yes}`, `No ${no}`]);
    expect(screen.getAllByText('from 2 bookmakers')).toHaveLength(2);
  });

  it('leaves out a book with a boosted or missing price, and says so when none is left', async () => {
    const detail = eventDetail();
    detail.event = oddsEvent({
      id: EVENT_ID,
      markets: [
        market(1, [
          providerRow(1, 6, [
            [1, 2.5, 1],
            [2, 3.4],
            [3, 3.2],
          ]),
          providerRow(2, 5, [
            [1, 2.05],
            [2, 3.5],
            [3, 3.3],
          ]),
        ]),
        market(7, [
          providerRow(1, 5, [
            [14, 1.8],
            [15, null],
          ]),
        ]),
      ],
    });
    renderMatch(detail);
    const [result] = await fairList();
    const [home, draw, away] = expectedFair([[2.05, 3.5, 3.3]]);
    expect(result).toEqual([`Home ${home}`, `Draw ${draw}`, `Away ${away}`]);
    expect(screen.getByText('from 1 bookmaker')).toBeInTheDocument();
    expect(screen.getByText('Fair odds: no bookmaker prices the whole market.')).toBeInTheDocument();
  });
});

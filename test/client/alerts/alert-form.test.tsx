import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MatchPage } from '../../../src/client/features/match/match-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi, type MockHandler } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok } from '../dashboard/dashboard-support';
import { EVENT_ID, eventDetail, history } from '../match/match-support';
import { alertDto } from './alert-fixtures';

const NOW = Date.parse('2026-11-27T15:00:00Z');

// Full journeys through the match page: typing and clicking take a while on a busy machine.
jest.setTimeout(20_000);

let api: MockApi;
afterEach(() => api?.restore());

function renderMatch() {
  return renderWithProviders(
    <Routes>
      <Route path="/match/:eventId" element={<MatchPage now={NOW} timeZone="Africa/Lagos" pollingIntervalMs={0} />} />
    </Routes>,
    { preloadedState: loggedIn(), route: `/match/${EVENT_ID}` },
  );
}

async function openAlertForm() {
  const view = renderMatch();
  await screen.findByRole('heading', { level: 1, name: 'Arsenal vs Chelsea' });
  const [home] = screen.getAllByRole('button', { name: /Home price history/ });
  await view.user.click(home!);
  const panel = await screen.findByRole('region', { name: /Price history: Home · 1X2/ });
  await view.user.click(within(panel).getByRole('button', { name: 'Alert me' }));
  return { ...view, form: within(panel).getByRole('form', { name: 'Price alert' }) };
}

describe('price alert form on the match page', () => {
  beforeEach(() => {
    api = mockApi()
      .on(`GET /api/odds/event/${EVENT_ID}`, ok(eventDetail()))
      .on(`GET /api/odds/event/${EVENT_ID}/history`, ok(history()))
      .on('GET /api/users/me/favourites', ok({ teams: [] }));
  });

  it('sends the selection, the chosen book, the price and the boosted choice', async () => {
    const created: MockHandler = (request) => ({
      status: 201,
      body: { data: { alert: alertDto(request.body as object) } },
    });
    api.on('POST /api/users/me/alerts', created);
    const { user, form } = await openAlertForm();
    const f = within(form);
    expect(f.getByRole('combobox', { name: 'Bookmaker' })).toHaveDisplayValue('Any bookmaker');
    await user.type(f.getByRole('textbox', { name: 'When the price is at least' }), '2.50');
    await user.selectOptions(f.getByRole('combobox', { name: 'Bookmaker' }), 'BetKing');
    await user.click(f.getByRole('checkbox', { name: 'Include boosted prices' }));
    await user.click(f.getByRole('button', { name: 'Set alert' }));
    expect(await f.findByRole('status')).toHaveTextContent('Alert set. We will tell you when it fires.');
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      eventId: EVENT_ID,
      marketId: 1,
      selectionTypeId: 1,
      providerId: 2,
      atLeast: 2.5,
      includeBoosted: true,
    });
    expect(post?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('a drop alert for any book sends only the percentage', async () => {
    api.on('POST /api/users/me/alerts', {
      status: 201,
      body: { data: { alert: alertDto({ atLeast: null, dropPct: 10 }) } },
    });
    const { user, form } = await openAlertForm();
    await user.type(within(form).getByRole('textbox', { name: 'When it drops by at least (%)' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Set alert' }));
    await within(form).findByRole('status');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      eventId: EVENT_ID,
      marketId: 1,
      selectionTypeId: 1,
      dropPct: 10,
      includeBoosted: false,
    });
  });

  it.each([
    ['', '', 'Enter a price or a drop percentage.'],
    ['1', '', 'Enter a price above 1.00.'],
    ['abc', '', 'Enter a price above 1.00.'],
    ['', '95', 'Enter a drop of more than 0 and at most 90 %.'],
  ])('checks the form before sending (price %p, drop %p)', async (price, drop, message) => {
    const { user, form, store } = await openAlertForm();
    const f = within(form);
    if (price) await user.type(f.getByRole('textbox', { name: 'When the price is at least' }), price);
    if (drop) await user.type(f.getByRole('textbox', { name: 'When it drops by at least (%)' }), drop);
    await user.click(f.getByRole('button', { name: 'Set alert' }));
    expect(await f.findByRole('alert')).toHaveTextContent(message);
    expect(selectErrorFor(store.getState(), 'alert')).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('the limit of 30 active alerts is shown in the product words and recorded with its code', async () => {
    api.on('POST /api/users/me/alerts', {
      status: 409,
      body: { error: { code: 'ALERT_LIMIT_REACHED', description: 'At most 30 active alerts', type: 'conflict' } },
    });
    const { user, form, store } = await openAlertForm();
    await user.type(within(form).getByRole('textbox', { name: 'When the price is at least' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Set alert' }));
    const text = 'You have 30 active alerts, the most allowed. Delete one to set another.';
    expect(await within(form).findByRole('alert')).toHaveTextContent(text);
    await waitFor(() =>
      expect(selectErrorFor(store.getState(), 'alert')).toMatchObject({ code: 'ALERT_LIMIT_REACHED', message: text }),
    );
  });

  it('opens afresh for another selection: the last one’s error neither shows nor stays recorded', async () => {
    const { user, form, store } = await openAlertForm();
    await user.click(within(form).getByRole('button', { name: 'Set alert' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a price or a drop percentage.');
    const [draw] = screen.getAllByRole('button', { name: /Draw price history/ });
    await user.click(draw!);
    const panel = await screen.findByRole('region', { name: /Price history: Draw · 1X2/ });
    await user.click(within(panel).getByRole('button', { name: 'Alert me' }));
    expect(within(panel).getByRole('form', { name: 'Price alert' })).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(selectErrorFor(store.getState(), 'alert')).toBeUndefined();
  });

  it('a server validation refusal shows its description', async () => {
    api.on('POST /api/users/me/alerts', {
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', description: 'This match has kicked off', type: 'validation' } },
    });
    const { user, form } = await openAlertForm();
    await user.type(within(form).getByRole('textbox', { name: 'When the price is at least' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Set alert' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This match has kicked off');
  });

  it('the match page header stars its teams', async () => {
    let saved: unknown;
    api.on('PUT /api/users/me/favourites', (request) => {
      saved = request.body;
      return ok(request.body);
    });
    const { user } = renderMatch();
    await screen.findByRole('heading', { level: 1, name: 'Arsenal vs Chelsea' });
    await user.click(screen.getByRole('button', { name: 'Add Chelsea to my teams' }));
    expect(await screen.findByRole('button', { name: 'Remove Chelsea from my teams' })).toBeInTheDocument();
    expect(saved).toEqual({ teams: ['Chelsea'] });
  });
});

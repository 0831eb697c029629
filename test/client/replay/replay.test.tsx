import { readLog } from '../../../scripts/replay/read-log';
import { replayLog } from '../../../scripts/replay/replay-log';
import { renderScreen } from '../../../scripts/replay/render-screen';
import { errorsInLog } from '../../../scripts/replay/error-codes';
import { resolveJsan } from '../../../scripts/replay/devtools-format';
import { summarize, writtenState } from '../../../scripts/replay/summary';
import { recordSession, SECRETS, TOKEN, type RecordedSession } from './support/record-session';

let recorded: RecordedSession;
let file: string;

beforeAll(async () => {
  recorded = await recordSession();
  file = JSON.stringify(recorded.exported); // what the browser saved
});

/** State compared "secrets aside", as the replay writes it (the live page's middleware registration recorded). */
const comparable = (state: unknown) => writtenState(state, recorded.exported.state);

describe('replaying a recorded log', () => {
  it('reproduces the live store state, without a single request', () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { store, applied } = replayLog(readLog(file));
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(recorded.requests).toBe(6);
    expect(applied).toHaveLength(recorded.exported.actions.length);
    expect(comparable(store.getState())).toEqual(comparable(recorded.store.getState()));
    expect(comparable(store.getState())).toEqual(comparable(recorded.exported.state));
    expect(store.getState().auth.session?.user.username).toBe('ada');
    expect(JSON.stringify(store.getState())).not.toMatch(
      new RegExp([TOKEN, SECRETS.ak, SECRETS.password, SECRETS.otp, SECRETS.refreshToken].join('|')),
    );
  });

  it('starts from the state the dropped entries left when the buffer overflowed', async () => {
    const small = await recordSession(10);
    expect(small.exported.dropped).toBe(small.exported.actions[0]!.index - 1);
    expect(small.exported.actions).toHaveLength(10);
    const log = readLog(JSON.stringify(small.exported));
    const { store } = replayLog(log);
    expect(comparable(store.getState())).toEqual(comparable(small.store.getState()));
    expect(summarize(log, replayLog(log), '/dashboard').join('\n')).toMatch(/older actions had left the buffer/);
  });

  it('is deterministic: the same log twice gives deep-equal states, whatever the clock says', () => {
    const log = readLog(file);
    const first = replayLog(log).store.getState();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(0);
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      expect(replayLog(log).store.getState()).toEqual(first);
    } finally {
      clock.mockRestore();
      random.mockRestore();
    }
  });

  it('renders the same dashboard HTML as the live store', async () => {
    const { store } = replayLog(readLog(file));
    const replayed = await renderScreen(store, '/dashboard');
    const live = await renderScreen(recorded.store, '/dashboard');
    expect(replayed).toBe(live);
    expect(replayed).toContain('Arsenal vs Chelsea');
    expect(replayed).toContain('1,234');
    expect(replayed).not.toContain(SECRETS.ak);
  });

  it('stops after action N with --until and renders any route', async () => {
    const log = readLog(file);
    const atVerify = replayLog(log, { until: 8 });
    expect(atVerify.lastIndex).toBe(8);
    expect(atVerify.store.getState().dialogs.stack).toEqual([
      { name: 'verify', context: 'registration', email: 'ada@example.com' },
    ]);
    expect(atVerify.store.getState().auth.session).toBeNull();
    const lines = summarize(log, atVerify, '/').join('\n');
    expect(lines).toMatch(/Dialogs: +verify, context registration, e-mail ada@example.com/);
    expect(lines).toMatch(/Auth: +logged out/);
    expect(lines).not.toContain('State check');
    const html = await renderScreen(replayLog(log).store, '/about');
    expect(html).toContain('About');
  });

  it('summarizes route, dialogs, selection, auth and errors, and lists every code with its index', () => {
    const log = readLog(file);
    const result = replayLog(log);
    const lines = summarize(log, result, '/dashboard').join('\n');
    expect(lines).toMatch(/Route: +\/dashboard/);
    expect(lines).toMatch(/Dialogs: +none/);
    expect(lines).toMatch(/Auth: +logged in as ada/);
    expect(lines).toMatch(/Dashboard: +competition 1 Premier League, market 1 1X2/);
    expect(lines).toContain('State check: same as the exported state');
    const indexOf = (type: string, from = 0) => log.actions.findIndex((a, i) => i >= from && a.type === type);
    const rejected = log.actions[indexOf('api/executeQuery/rejected')]!.index;
    expect(errorsInLog(log.actions).map(({ index, code, where }) => [index, code, where])).toEqual([
      [5, 'password', 'register'],
      [rejected, 'INTERNAL_ERROR', 'getOdds'],
      [rejected + 1, 'INTERNAL_ERROR', 'odds'],
    ]);
  });
});

describe('Redux DevTools exports', () => {
  /** The raw actions, as the extension keeps them. */
  const rawActions = () => recorded.exported.actions.map(({ index: _i, at: _a, ...action }) => action);

  it("reads the extension's Export file (stringified payload and preloadedState)", () => {
    const devtools = {
      payload: JSON.stringify(rawActions()),
      preloadedState: JSON.stringify(recorded.exported.preloadedState),
    };
    const log = readLog(JSON.stringify(devtools));
    expect(log.source).toBe('devtools');
    expect(log.actions.map((a) => a.type)).toEqual(recorded.exported.actions.map((a) => a.type));
    expect(comparable(replayLog(log).store.getState())).toEqual(comparable(recorded.exported.state));
  });

  it('resolves jsan references (repeated objects written once)', () => {
    const shared = { endpointName: 'getOdds', originalArgs: { country: 1 } };
    const encoded = {
      a: { arg: shared },
      b: { arg: { $jsan: '$.a.arg' } },
      c: [{ $jsan: '$.a["arg"]' }],
      $jsan: ['kept'],
    };
    expect(resolveJsan(JSON.parse(JSON.stringify(encoded)))).toEqual({
      a: { arg: shared },
      b: { arg: shared },
      c: [shared],
      $jsan: 'kept',
    });
  });

  it('resolves jsan references and reads a lifted state, skipping @@INIT and skipped actions', () => {
    const actions = rawActions();
    const actionsById: Record<string, unknown> = {
      0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: 0 },
    };
    actions.forEach((action, i) => (actionsById[i + 1] = { type: 'PERFORM_ACTION', action, timestamp: 1000 + i }));
    const extra = actions.length + 1;
    actionsById[extra] = { type: 'PERFORM_ACTION', action: { $jsan: '$.actionsById.3.action' }, timestamp: 9 };
    const lifted = {
      actionsById,
      stagedActionIds: [...Array(extra + 1).keys()],
      skippedActionIds: [extra],
      committedState: recorded.exported.preloadedState,
      computedStates: [],
      currentStateIndex: extra,
      nextActionId: extra + 1,
    };
    const wrapped = readLog(JSON.stringify({ payload: JSON.stringify(lifted) }));
    expect(wrapped.actions).toHaveLength(actions.length);
    expect(wrapped.actions[0]).toMatchObject({ index: 1, at: 1000 });
    expect(comparable(replayLog(wrapped).store.getState())).toEqual(comparable(recorded.exported.state));
    const bare = readLog(JSON.stringify({ ...lifted, skippedActionIds: [] }));
    expect(bare.actions[actions.length]).toMatchObject({ type: actions[2]!.type });
  });

  it('sanitizes what a DevTools file carries before it reaches the store or a page', () => {
    const user = { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' };
    const raw = [
      {
        type: 'auth/sessionStarted',
        payload: { session: { token: TOKEN, refreshToken: SECRETS.refreshToken, user, timestamp: 1 }, via: 'login' },
      },
    ];
    const { store } = replayLog(readLog(JSON.stringify({ payload: JSON.stringify(raw) })));
    expect(store.getState().auth.session?.token).toBe('[redacted]');
    expect(JSON.stringify(store.getState())).not.toContain(SECRETS.refreshToken);
  });
});

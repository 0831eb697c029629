/** The request builders: URL per league from the data tables, configuration overrides, base URLs. */
import { BOOK_ADAPTERS, bookAdapter, parseLeagueIds } from '../../../src/server/modules/odds/sources';

describe('request builders', () => {
  it('build one request per league with a known id, at the documented paths', () => {
    const urls = Object.fromEntries(
      BOOK_ADAPTERS.map((a) => [a.id, a.requests({ baseUrl: 'http://127.0.0.1:9/' }).map((r) => r.url)]),
    );
    expect(urls.bet9ja).toEqual(
      ['170880', '180928', '167856', '180923'].map(
        (g) =>
          `http://127.0.0.1:9/mobile/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${g}&DISP=0&GROUPMARKETID=1&matches=true&v_cache_version=1.274.3.186`,
      ),
    );
    expect(urls.betking).toEqual(
      ['20000841', '20001108', '20003775', '20001007'].map(
        (t) => `http://127.0.0.1:9/api/feeds/prematch/en/4/${t}/0/0`,
      ),
    );
    expect(urls.sportybet?.[0]).toBe(
      'http://127.0.0.1:9/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1,18,10,29&pageSize=100&pageNum=1&option=2&tournamentId=sr:tournament:17',
    );
    expect(urls.sportybet).toHaveLength(4);
    expect(urls.nairabet?.[3]).toBe(
      'http://127.0.0.1:9/api/widget/GetEvents?culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG&champIds=2950',
    );
    expect(urls.onexbet?.[0]).toBe(
      'http://127.0.0.1:9/service-api/LineFeed/Get1x2_VZip?sports=1&champs=88637&count=50&lng=en&mode=4&country=132&partner=159&getEmpty=true',
    );
    expect(urls.onexbet).toHaveLength(4);
  });

  it('let configuration add, replace and remove league ids without code changes', () => {
    const betking = bookAdapter('BETKING');
    const leagueIds = parseLeagueIds('2=20000842, 3=20000843,1=,4=');
    expect(leagueIds).toEqual({ 1: null, 2: '20000842', 3: '20000843', 4: null });
    expect(betking?.requests({ leagueIds }).map((r) => [r.competition, r.leagueId])).toEqual([
      [2, '20000842'],
      [3, '20000843'],
    ]);
    expect(betking?.request(4, { leagueIds })).toBeUndefined();
  });

  it('name each book by id, env key and provider, with JSON accept headers callers can extend', () => {
    expect(BOOK_ADAPTERS.map((a) => [a.id, a.envKey, a.provider])).toEqual([
      ['bet9ja', 'BET9JA', 1],
      ['betking', 'BETKING', 2],
      ['sportybet', 'SPORTYBET', 3],
      ['nairabet', 'NAIRABET', 4],
      ['onexbet', 'ONEXBET', 5],
    ]);
    const request = bookAdapter('bet9ja')?.request(1, { headers: { 'Accept-Language': 'en-NG' } });
    expect(request?.headers).toEqual({
      Accept: 'application/json, text/plain, */*',
      Referer: 'https://sports.bet9ja.com/',
      Origin: 'https://sports.bet9ja.com',
      'Accept-Language': 'en-NG',
    });
    expect(request?.fallbackUrl).toBe(
      'https://sports.bet9ja.com/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=170880&DISP=0&GROUPMARKETID=1&matches=true',
    );
    expect(request?.url.startsWith('https://sports.bet9ja.com/')).toBe(true);
  });
});

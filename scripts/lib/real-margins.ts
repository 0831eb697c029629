/**
 * 1X2 margins of the Nigerian books read from their real answers (test/fixtures/books/<book>/real/,
 * provenance in each folder's README). The table NIGERIAN_1X2_MARGINS of
 * src/server/modules/odds/demo/margin-profiles.ts comes from here; a test recomputes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { overround } from './calibration';

const BOOKS_DIR = path.join(__dirname, '..', '..', 'test', 'fixtures', 'books');

const read = (book: string, file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(BOOKS_DIR, book, 'real', file), 'utf8'));

interface SportyPage {
  data: {
    tournaments: Array<{
      events: Array<{ markets?: Array<{ id: string; specifier?: string; outcomes: Array<{ odds: string }> }> }>;
    }>;
  };
}

/** SportyBet: every whole 1X2 (market 1) of a list page. */
function sportybet(file: string): number[] {
  const page = read('sportybet', file) as SportyPage;
  return page.data.tournaments.flatMap((t) =>
    t.events.flatMap((e) =>
      (e.markets ?? [])
        .filter((m) => m.id === '1' && !m.specifier && m.outcomes.length === 3)
        .map((m) => overround(m.outcomes.map((o) => Number(o.odds)))),
    ),
  );
}

/** 1xBet: every game's whole 1X2 (group 1, types 1/2/3) of the list answer. */
function onexbet(): number[] {
  const answer = read('onexbet', 'redmond01-email_sender__1xbet2.json') as {
    Value: Array<{ DI?: unknown; E?: Array<{ G: number; T: number; C: number }> }>;
  };
  return answer.Value.flatMap((game) => {
    if (game.DI !== undefined) return [];
    const byType = new Map((game.E ?? []).filter((e) => e.G === 1).map((e) => [e.T, e.C]));
    const values = [1, 2, 3].map((t) => byType.get(t));
    return values.every((v) => v !== undefined) ? [overround(values as number[])] : [];
  });
}

/** Bet9ja: the per-event answer's S_1X2_1 / S_1X2_X / S_1X2_2. */
function bet9ja(): number[] {
  const answer = read('bet9ja', 'GetEvent_769895636.json') as { D: { O: Record<string, string> } };
  const values = ['1', 'X', '2'].map((k) => Number(answer.D.O[`S_1X2_${k}`]));
  return values.every((v) => v > 1) ? [overround(values)] : [];
}

/** BetKing: the two Premier League 1X2s (per-match answer and the reconstructed list card). */
function betking(): number[] {
  const match = read('betking', 'sportsapicdn_prematch_Match_1003633555.json') as {
    matchDetails: { markets: Array<{ name: string; selections: Array<{ odd: { value: number } }> }> };
  };
  const list = read('betking', 'skait0-soccerwizard-api__test_betking.RECONSTRUCTED.json') as {
    AreaMatches: Array<{
      Items: Array<{
        OddsCollection: Array<{
          OddsType: { OddsTypeID: number };
          MatchOdds: Array<{ Outcome: { OddOutcome: number } }>;
        }>;
      }>;
    }>;
  };
  const fromMatch = match.matchDetails.markets
    .filter((m) => m.name === '1X2' && m.selections.length === 3)
    .map((m) => overround(m.selections.map((s) => s.odd.value)));
  const fromList = list.AreaMatches.flatMap((a) =>
    a.Items.flatMap((i) =>
      i.OddsCollection.filter((c) => c.OddsType.OddsTypeID === 110 && c.MatchOdds.length === 3).map((c) =>
        overround(c.MatchOdds.map((o) => o.Outcome.OddOutcome)),
      ),
    ),
  );
  return [...fromMatch.slice(0, 1), ...fromList];
}

/** NairaBet: its "1x2 - Enhanced Prices" markets (the only 1X2 in its real answer). */
function nairabetEnhanced(): number[] {
  const answer = read('nairabet', 'GetEvents_champ2936.EXCERPT.json') as {
    markets: Array<{ typeId: number; name: string; oddIds: number[] }>;
    odds: Array<{ id: number; price: number }>;
  };
  const price = new Map(answer.odds.map((o) => [o.id, o.price]));
  return answer.markets
    .filter((m) => m.typeId === 1 && /enhanced/i.test(m.name))
    .map((m) => overround(m.oddIds.map((id) => price.get(id) ?? Number.NaN)))
    .filter((x) => Number.isFinite(x));
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** Each book's real 1X2 margins (%, 2 decimals). */
export function nigerianMatchResultMargins() {
  return {
    sportybetPage: sportybet('pcUpcomingEvents_redmond01.json').map(r2),
    sportybetTopLeague: sportybet('pcUpcomingEvents_amen_page1.EXCERPT.json').map(r2),
    onexbetPage: onexbet().map(r2),
    bet9ja: bet9ja().map(r2),
    betkingTopLeague: betking().map(r2),
    nairabetEnhanced: nairabetEnhanced().map(r2),
  };
}

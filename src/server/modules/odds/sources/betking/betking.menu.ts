/**
 * BetKing's sports menu (BetKing): `{ Sports: [ { SportID, Category: [ {
 * ItemID, ItemName, Tournaments: [ { ItemID, ItemName } ] } ] } ] }`. Read by
 * `npm run odds:leagues -- betking` to find the tournament ids of our four competitions:
 * football only (SportID 1; FootballGO and Futsal carry look-alike names), the category
 * (country) and the tournament's name compared without case, accents, spaces or punctuation.
 */
import { asArray, idText, isObject } from '../parse/answer';
import { type MenuLeague, type MenuReading, menuJson, menuName } from '../parse/menu';
import { BETKING_FOOTBALL, BETKING_MENU_NAMES } from './betking.tables';

/**
 * Path of the menu call. The recorded menus do not say which URL answered them; this is the
 * path a maintainer confirms or replaces (`npm run odds:leagues -- betking --path=…`).
 */
export const BETKING_MENU_PATH = '/api/feeds/prematch/Sports/en';

export function readBetKingMenu(body: string): MenuReading {
  const parsed = menuJson(body);
  if (!('json' in parsed)) return parsed;
  const { json } = parsed;
  if (!isObject(json) || !Array.isArray(json.Sports)) return { ok: false, problem: 'no Sports list (not the menu)' };
  const leagues: Record<number, MenuLeague[]> = {};
  for (const competition of Object.keys(BETKING_MENU_NAMES).map(Number)) leagues[competition] = [];
  const football = json.Sports.filter((s) => isObject(s) && Number(s.SportID) === BETKING_FOOTBALL);
  if (football.length === 0) return { ok: false, problem: 'no football in the menu' };
  for (const sport of football) {
    for (const category of asArray(isObject(sport) ? sport.Category : undefined)) {
      if (!isObject(category)) continue;
      for (const [competition, names] of Object.entries(BETKING_MENU_NAMES)) {
        if (menuName(category.ItemName) !== menuName(names.category)) continue;
        const wanted = new Set(names.tournament.map(menuName));
        for (const tournament of asArray(category.Tournaments)) {
          const id = isObject(tournament) ? idText(tournament.ItemID) : undefined;
          if (!isObject(tournament) || id === undefined || !wanted.has(menuName(tournament.ItemName))) continue;
          leagues[Number(competition)]?.push({
            id,
            name: `${String(category.ItemName).trim()} / ${String(tournament.ItemName).trim()}`,
          });
        }
      }
    }
  }
  return { ok: true, leagues };
}

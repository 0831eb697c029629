/**
 * 1xBet's championship menu (1xBet), `LineFeed/GetSportsShortZip` with grouped
 * championships: `{ Success: true, Value: [ { I: sport, L: [ { LI, L, SC?: [ { LI, L } ] } ] } ] }`,
 * a country group carrying its championships in `SC`. Read by `npm run odds:leagues -- onexbet`
 * to find the championship ids of our four competitions by name (football only, `I` 1).
 */
import { asArray, idText, isObject } from '../parse/answer';
import { type MenuLeague, type MenuReading, menuJson, menuName } from '../parse/menu';
import { ONEXBET_FOOTBALL, ONEXBET_MENU_NAMES } from './onexbet.tables';

export const ONEXBET_MENU_PATH =
  '/service-api/LineFeed/GetSportsShortZip?sports=1&lng=en&country=132&partner=159&virtualSports=true&groupChamps=true';

export function readOneXBetMenu(body: string): MenuReading {
  const parsed = menuJson(body);
  if (!('json' in parsed)) return parsed;
  const { json } = parsed;
  if (!isObject(json) || json.Success !== true || !Array.isArray(json.Value)) {
    return { ok: false, problem: 'no successful Value list (not the menu)' };
  }
  const wanted = new Map<string, number>();
  for (const [competition, names] of Object.entries(ONEXBET_MENU_NAMES)) {
    for (const name of names) wanted.set(menuName(name), Number(competition));
  }
  const leagues: Record<number, MenuLeague[]> = {};
  for (const competition of Object.keys(ONEXBET_MENU_NAMES).map(Number)) leagues[competition] = [];
  const seen = new Set<string>();
  const take = (champ: unknown) => {
    if (!isObject(champ)) return;
    const id = idText(champ.LI);
    const competition = wanted.get(menuName(champ.L));
    if (id === undefined || competition === undefined || seen.has(id)) return;
    seen.add(id);
    leagues[competition]?.push({ id, name: String(champ.L).trim() });
  };
  let sports = 0;
  for (const sport of json.Value) {
    if (!isObject(sport) || Number(sport.I) !== ONEXBET_FOOTBALL) continue;
    for (const entry of asArray(sport.L)) {
      sports += 1;
      take(entry);
      for (const sub of asArray(isObject(entry) ? entry.SC : undefined)) take(sub);
    }
  }
  if (sports === 0) return { ok: false, problem: 'no football championships in the menu' };
  return { ok: true, leagues };
}

/** What BetKing's and 1xBet's menu readers share: the reading's shape, the JSON step and name comparison. */

/** One league of a book's menu that names one of our competitions. */
export interface MenuLeague {
  id: string;
  name: string;
}

/** The menu's leagues by competition, or why the answer is not the menu. */
export type MenuReading = { ok: true; leagues: Record<number, MenuLeague[]> } | { ok: false; problem: string };

/** Lower case, no accents, letters and digits only: "Primera División " → "primeradivision". */
export function menuName(raw: unknown): string {
  return typeof raw === 'string'
    ? raw
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
    : '';
}

/** The menu answer's JSON, or the reading that says it is not JSON. */
export function menuJson(body: string): { json: unknown } | { ok: false; problem: string } {
  try {
    return { json: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
}

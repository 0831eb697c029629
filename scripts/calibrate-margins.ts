/**
 * Prints the numbers behind the demo feed: 1X2 and over/under margins of the reference
 * books in the 2024/25 files, each league's goal averages and team ratings, and the Nigerian
 * books' 1X2 margins read from their real answers (scripts/lib/real-margins.ts).
 * The constants in src/server/odds/demo/margin-profiles.ts and demo-clubs.ts come from here.
 *
 *   node --import tsx scripts/calibrate-margins.ts
 */
import {
  REFERENCE_BOOKS,
  allRows,
  leagueRatings,
  matchResultMargins,
  overUnderMargins,
  spread,
} from './lib/calibration';
import { nigerianMatchResultMargins } from './lib/real-margins';

const fmt = (n: number, digits = 2): string => n.toFixed(digits);
const rows = allRows();

console.log(`1X2 margin % over ${rows.length} matches (median, p10, p90):`);
for (const book of REFERENCE_BOOKS) {
  const s = spread(matchResultMargins(rows, book));
  console.log(`  ${book.padEnd(5)} n=${s.n}  ${fmt(s.median)}  ${fmt(s.p10)}  ${fmt(s.p90)}`);
}
console.log('Over/under 2.5 margin % (median):');
for (const book of ['B365', 'P', 'Avg'] as const) {
  console.log(`  ${book.padEnd(5)} ${fmt(spread(overUnderMargins(rows, book)).median)}`);
}
for (const id of [1, 2, 3, 4]) {
  const league = leagueRatings(id);
  console.log(`Competition ${id}: home goals ${fmt(league.homeGoals, 3)}, away goals ${fmt(league.awayGoals, 3)}`);
  for (const t of league.teams)
    console.log(`  ${t.name.padEnd(16)} attack ${fmt(t.attack, 3)}  defence ${fmt(t.defence, 3)}`);
}

const real = nigerianMatchResultMargins();
console.log('Nigerian books, 1X2 margin % from their real answers (n, median, p10, p90):');
for (const [name, margins] of Object.entries(real)) {
  const s = spread(margins);
  console.log(`  ${name.padEnd(18)} n=${s.n}  ${fmt(s.median)}  ${fmt(s.p10)}  ${fmt(s.p90)}`);
}

import { selectRows } from '../../../src/server/core/db/json-rows';
import type { Db } from '../../../src/server/core/db/connect';
import { insertEvents } from '../../../src/server/modules/odds/events.repository';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';

/** Text a JSON fold could spoil: quotes, backslashes, control and separator characters, astral emoji. */
const TEXTS = ['Quote " and \\ backslash', 'Tab\tand\nnewline\u0001', 'Line\u2028sep\u2029', 'Ball ⚽ 🏆 Ñ ß', ''];
/** Doubles whose shortest text is long, or that look like integers, or sit at the ends of the range. */
const VALUES = [0.1 + 0.2, 1.95, 2, 1.0000000000000002, 123456.789, 1e300, 5e-324, 1.7976931348623157e308];
/** In an order of their own: the rows follow the order asked for, not the table's. */
const PRICE_COLUMNS = [
  'ref',
  'value',
  'selection_id',
  'changed_at',
  'event_id',
  'boosted',
  'previous_value',
  'provider_id',
  'regular_value',
  'market_id',
] as const;
const EVENT_COLUMNS = ['id', 'home', 'away', 'kickoff_at', 'sportradar_id', 'status'] as const;

describe.each(databasesUnderTest())('rows read as one JSON value on $name', (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(target);
    db = database.db;
    await insertEvents(
      db,
      TEXTS.map((text, i) => ({
        id: `evt_${String(i).padStart(16, '0')}`,
        country_id: 1,
        competition_id: 1,
        home: text,
        away: `Away ${i}`,
        home_key: `home${i}`,
        away_key: `away${i}`,
        // The largest integer a JS number holds exactly, and ordinary epoch milliseconds.
        kickoff_at: i === 0 ? Number.MAX_SAFE_INTEGER : 1_900_000_000_000 + i,
        sportradar_id: i % 2 === 0 ? null : `${50_000_000 + i}`,
        status: 'scheduled',
        source: 'live',
        created_at: 0,
        updated_at: 0,
      })),
    );
    await db
      .insertInto('current_prices')
      .values(
        VALUES.map((value, i) => ({
          event_id: 'evt_0000000000000001',
          market_id: 1,
          provider_id: 1 + (i % 5),
          selection_id: 1 + i,
          value,
          previous_value: i % 3 === 0 ? null : value / 3,
          changed_at: 1_900_000_000_123 + i,
          boosted: i % 2,
          regular_value: i % 2 === 1 ? null : 1.5,
          ref: i === 1 ? TEXTS[0] : null,
        })),
      )
      .execute();
  });
  afterAll(async () => database.drop());

  it('reads every row as a plain select of the same columns does, byte for byte', async () => {
    const prices = db.selectFrom('current_prices').where('event_id', '=', 'evt_0000000000000001');
    const plain = await prices.select(PRICE_COLUMNS).orderBy('selection_id').execute();
    const folded = await selectRows(db, prices, 'current_prices', PRICE_COLUMNS);
    folded.sort((a, b) => a.selection_id - b.selection_id);
    expect(folded).toEqual(plain);
    expect(folded.map((r) => r.value)).toEqual(VALUES);
    expect(folded[1]?.ref).toBe(TEXTS[0]);

    const events = db.selectFrom('events');
    const plainEvents = await events.select(EVENT_COLUMNS).orderBy('id').execute();
    const foldedEvents = await selectRows(db, events, 'events', EVENT_COLUMNS);
    foldedEvents.sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(foldedEvents).toEqual(plainEvents);
    expect(foldedEvents.map((e) => e.home)).toEqual(TEXTS);
    expect(foldedEvents[0]?.kickoff_at).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads the columns of one table of a join, by their qualified names', async () => {
    const joined = db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .where('events.home', '=', TEXTS[1] as string);
    const rows = await selectRows(db, joined, 'current_prices', ['selection_id', 'value']);
    expect(rows.map((r) => r.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([...VALUES].sort((a, b) => a - b));
  });

  it('gives no rows, not a null, when nothing matches', async () => {
    const none = db.selectFrom('current_prices').where('event_id', '=', 'evt_none');
    await expect(selectRows(db, none, 'current_prices', PRICE_COLUMNS)).resolves.toEqual([]);
  });
});

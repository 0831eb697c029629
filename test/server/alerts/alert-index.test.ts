/**
 * The alert index against the loads it runs from the database: what it is told while a read is in
 * flight (an alert deleted, fired, its account deleted; an alert created) wins over the rows of a
 * read that began before.
 */
import { AlertIndex, type IndexedAlert } from '../../../src/server/modules/alerts/alert-index';

const NOW = Date.parse('2030-03-10T12:00:00Z');

const alert = (id: string): IndexedAlert => ({
  id,
  userId: `user-${id}`,
  eventId: 'event-1',
  eventName: 'Arsenal v Chelsea',
  marketId: 1,
  selectionId: 1,
  providerId: null,
  atLeast: 2,
  dropPct: null,
  includeBoosted: false,
  reference: new Map(),
  createdAt: NOW - 60_000,
  kickoffAt: NOW + 3_600_000,
});

/** A read whose rows the test hands over when it chooses. */
function pendingRead(): { read: () => Promise<IndexedAlert[]>; answer: (rows: IndexedAlert[]) => void } {
  let answer: (rows: IndexedAlert[]) => void = () => undefined;
  const rows = new Promise<IndexedAlert[]>((resolve) => (answer = resolve));
  return { read: () => rows, answer };
}

/** Ids of the alerts a price of 2.5 on the selection meets: what evaluation would fire. */
const hitIds = (index: AlertIndex) =>
  index
    .evaluate([{ eventId: 'event-1', marketId: 1, selectionId: 1, providerId: 1, value: 2.5, boosted: false }], NOW)
    .map((h) => h.alert.id)
    .sort();

describe('alert index loads', () => {
  it('does not put back an alert removed while a read that still lists it was in flight', async () => {
    const index = new AlertIndex();
    index.add(alert('a'));
    const { read, answer } = pendingRead();
    const loading = index.load(read, false);
    // The account is deleted after the read began and before its rows arrive.
    index.remove('a');
    answer([alert('a'), alert('b')]);
    await loading;
    expect(index.has('a')).toBe(false);
    expect(index.size).toBe(1);
    expect(hitIds(index)).toEqual(['b']);
  });

  it('keeps through a full load an alert created after its read began, and drops what the read no longer lists', async () => {
    const index = new AlertIndex();
    index.add(alert('old'));
    index.add(alert('kept'));
    const { read, answer } = pendingRead();
    const loading = index.load(read, true);
    index.add(alert('new'));
    index.remove('kept');
    answer([alert('kept'), alert('other')]);
    await loading;
    expect(hitIds(index)).toEqual(['new', 'other']);
  });

  it('keeps beside the rows read an alert removed and then added again while the read was in flight', async () => {
    const index = new AlertIndex();
    const { read, answer } = pendingRead();
    const loading = index.load(read, false);
    index.remove('again');
    index.add(alert('again'));
    answer([alert('x')]);
    await loading;
    expect(hitIds(index)).toEqual(['again', 'x']);
  });
});

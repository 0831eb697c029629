import { useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { compareAccumulator } from '@shared/betting/accumulator';
import { providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { formatNaira, SLIP_MSG } from '@shared/tools-messages';
import { parseNaira, SLIP_PICK_MSG } from '@shared/slip-pick';
import { useAppSelector } from '../../app/hooks';
import { ReturnsTable } from '../../components/returns-table';
import { StakeInput, useStake } from '../../components/stake-input';
import type { SlipLeg } from '../../lib/slip.slice';
import { MyBooksToggle } from '../../components/odds/my-books-toggle';
import { useMyBooksContext } from '../../lib/my-books-context';
import { GetCodes } from './booking/get-codes';
import { currentPrice } from './slip-legs';
import { slipApi } from './slip.api';

const DEFAULT_STAKE = '1000';

/**
 * The accumulator at each bookmaker: the product of that book's current
 * prices for the legs, only for books pricing every leg, with the return of the stake, the best
 * book highlighted and how much more it pays than the worst.
 */
export function SlipComparison({ legs }: { legs: readonly SlipLeg[] }) {
  const stakeField = useStake(DEFAULT_STAKE, parseNaira);
  const stake = stakeField.value;
  const details = useAppSelector(
    (state) => legs.map((leg) => slipApi.endpoints.getSlipEvent.select(leg.eventId)(state).data),
    shallowEqual,
  );
  // "My bookmakers": theirs listed first; with "My books only", theirs alone.
  const { books: mine, limit } = useMyBooksContext();
  const comparison = useMemo(() => {
    if (details.some((d) => d === undefined)) return undefined;
    const books = [
      ...new Set(
        details
          .flatMap((d, i) => d?.event?.markets.find((m) => m.marketId === legs[i]!.marketId)?.odds ?? [])
          .map((r) => r.providerId),
      ),
    ]
      .filter((id) => !limit || limit.includes(id))
      .sort((a, b) => a - b);
    return compareAccumulator(
      books.map((providerId) => ({
        providerId,
        prices: legs.map((leg, i) => currentPrice(details[i], leg, providerId)),
      })),
      { stake: stake ?? undefined, legCount: legs.length },
    );
  }, [details, legs, stake, limit]);

  if (comparison === undefined) return <p className="small text-body-secondary my-2">{SLIP_MSG.loading}</p>;
  return (
    <section className="mt-3" aria-label={SLIP_MSG.accaPrice}>
      <StakeInput label={SLIP_MSG.stake} stake={stakeField} invalid={SLIP_PICK_MSG.stakeInvalid} kobo />
      <MyBooksToggle className="mb-2" />
      {comparison === null ? (
        <p className="small">{SLIP_MSG.none}</p>
      ) : (
        <>
          <ReturnsTable
            className="small slip-table mb-2"
            headings={[SLIP_MSG.book, SLIP_MSG.accaPrice, SLIP_MSG.return]}
            rows={[...comparison.books]
              .sort(
                (a, b) =>
                  Number(mine.includes(b.providerId)) - Number(mine.includes(a.providerId)) || b.price - a.price,
              )
              .map((book) => {
                const best = comparison.best.includes(book.providerId);
                return {
                  key: book.providerId,
                  best,
                  heading: (
                    <>
                      {providerName(book.providerId)}
                      {best && <span className="badge text-bg-success ms-1">{SLIP_MSG.best}</span>}
                    </>
                  ),
                  cells: [formatOdds(book.price), book.return === null ? '-' : formatNaira(book.return)],
                };
              })}
          />
          {comparison.books.length > 1 && (
            <p className="small mb-1 slip-extra">
              {comparison.extraPct === 0
                ? SLIP_MSG.allSame
                : SLIP_MSG.extra(
                    comparison.best.map(providerName).join(', '),
                    comparison.extraReturn === null ? null : formatNaira(comparison.extraReturn),
                    comparison.extraPct.toFixed(2),
                    comparison.worst.map(providerName).join(', '),
                  )}
            </p>
          )}
          {comparison.missing.length > 0 && (
            <p className="small text-body-secondary mb-1">
              {SLIP_MSG.missing(comparison.missing.map(providerName).join(', '))}
            </p>
          )}
          <GetCodes legs={legs} comparison={comparison} />
        </>
      )}
    </section>
  );
}

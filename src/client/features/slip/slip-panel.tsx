import { useEffect, useState } from 'react';
import { Button, Input } from 'reactstrap';
import { SidePanel } from '../../components/side-panel';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { SLIP_MSG } from '@shared/tools-messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSlipLegs, selectSlipOpen, slipCleared, slipClosed } from '../../lib/slip.slice';
import { MyBooksScope } from '../../lib/my-books';
import { LoadCodeForm } from './booking/load-code-form';
import { SlipComparison } from './slip-comparison';
import { SlipLegItem } from './slip-legs';
import { slipLink } from './slip-link';
import './slip.css';

export const SLIP_PANEL_ID = 'bet-slip';
/** From md the slip is a side panel; from xl it docks beside the page (below xl the page would keep too little). */
const WIDE = '(min-width: 768px)';
const DOCKS = '(min-width: 1200px)';

function useMedia(media: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(media).matches === true,
  );
  useEffect(() => {
    const query = window.matchMedia?.(media);
    if (!query) return;
    const update = () => setMatches(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [media]);
  return matches;
}

/**
 * The bet slip: a bottom sheet on phones, a side panel over the page from md and, from xl, docked
 * beside it, leaving the odds usable. Its legs,
 * each with its current price (polled while open), the accumulator at every book, and
 * clear / share. Loaded on demand, the first time the slip opens.
 */
/**
 * From xl the panel is docked beside the page rather than over it: no backdrop, the page stays
 * scrollable and usable, and the page's content makes room for it (slip.css). Below xl the page
 * would keep 800 px or less beside it, where the price table's last columns (Best Ov, 'All books')
 * went under the panel, so there it opens over the page with a backdrop, as the phone's sheet does.
 */
function useDocked(docked: boolean): void {
  useEffect(() => {
    if (!docked) return;
    document.body.classList.add('slip-docked');
    return () => document.body.classList.remove('slip-docked');
  }, [docked]);
}

export function SlipPanel({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS }: { pollingIntervalMs?: number }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSlipOpen);
  const legs = useAppSelector(selectSlipLegs);
  const wide = useMedia(WIDE);
  const docks = useMedia(DOCKS);
  useDocked(docks && open);
  const [copied, setCopied] = useState(false);
  const close = () => dispatch(slipClosed());
  const link = slipLink(legs, typeof window === 'undefined' ? '' : window.location.origin);
  const share = () => {
    setCopied(false);
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  return (
    <SidePanel
      id={SLIP_PANEL_ID}
      title={SLIP_MSG.title}
      isOpen={open}
      onClose={close}
      direction={wide ? 'end' : 'bottom'}
      backdrop={!docks}
      scrollable={docks}
      trapFocus={!docks}
      className={wide ? 'slip-panel' : 'slip-panel slip-sheet'}
      headerClassName="py-2"
      bodyClassName="pt-0"
    >
      {/* The answer first: with legs on the slip, which book pays most for them leads; loading a
          code comes after, in the same place whatever the slip holds (its message stays when a
          code fills an empty slip). */}
      {legs.length === 0 ? (
        <p className="small">{SLIP_MSG.empty}</p>
      ) : (
        <>
          <ol className="list-unstyled mb-0">
            {legs.map((leg) => (
              <SlipLegItem key={leg.eventId} leg={leg} pollingIntervalMs={pollingIntervalMs} />
            ))}
          </ol>
          <MyBooksScope>
            <SlipComparison legs={legs} />
          </MyBooksScope>
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button color="primary" outline size="sm" onClick={share}>
              {copied ? SLIP_MSG.shared : SLIP_MSG.share}
            </Button>
            <Button color="danger" outline size="sm" onClick={() => dispatch(slipCleared())}>
              {SLIP_MSG.clear}
            </Button>
          </div>
          <Input readOnly bsSize="sm" className="mt-2" aria-label={SLIP_MSG.shareLink} value={link} />
        </>
      )}
      <div className="mt-3">
        <LoadCodeForm />
      </div>
    </SidePanel>
  );
}

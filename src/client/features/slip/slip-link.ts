/**
 * The slip as a link: `/slip?legs=<eventId>~<marketId>~<selectionTypeId>~<providerId>~<price>,…`.
 * The name of each match is not in the link; it arrives with the match's prices.
 */
import { SLIP_SHARE_PATH } from '@shared/tools-nav';
import { type SlipLeg, validLegs } from '../../lib/slip.slice';

export function slipLink(legs: readonly SlipLeg[], origin: string): string {
  const value = legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId, l.providerId, l.value].join('~')).join(',');
  return `${origin}${SLIP_SHARE_PATH}?legs=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%7E/gi, '~')}`;
}

/** The legs of a link's `legs` parameter; null unless every part is a well-formed leg. */
export function parseSlipLink(param: string | null): SlipLeg[] | null {
  if (!param) return null;
  const parts = param.split(',');
  const legs = parts.map((part) => {
    const [eventId, ...numbers] = part.split('~');
    const [marketId, selectionTypeId, providerId, value] = numbers.map((n) =>
      /^\d+(\.\d+)?$/.test(n) ? Number(n) : NaN,
    );
    return { eventId: eventId ?? '', name: '', marketId, selectionTypeId, providerId, value };
  });
  const valid = validLegs(legs);
  return valid.length === parts.length && numbersOk(legs) ? valid : null;
}

const numbersOk = (legs: Array<Record<string, unknown>>) =>
  legs.every((l) => ['marketId', 'selectionTypeId', 'providerId', 'value'].every((k) => Number.isFinite(l[k])));

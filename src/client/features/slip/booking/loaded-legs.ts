/**
 * A loaded booking code as slip legs: the legs mapped to our
 * matches and markets, at the code's book and price, one per match.
 */
import type { LoadedCodeDto, LoadedLegDto } from '@shared/contract/booking';
import { type SlipLeg, validLegs } from '../../../lib/slip.slice';

export function slipLegsOf(code: LoadedCodeDto): SlipLeg[] {
  return validLegs(
    code.legs
      .filter((leg) => leg.matched)
      .map((leg) => ({
        eventId: leg.eventId,
        name: `${leg.home} vs ${leg.away}`,
        marketId: leg.market,
        selectionTypeId: leg.selection,
        providerId: code.provider,
        value: leg.price,
      })),
  );
}

export const unmappedLegs = (code: LoadedCodeDto): LoadedLegDto[] => code.legs.filter((leg) => !leg.matched);

/** The slip's legs with the code's joined: a match on both keeps the code's leg. */
export function joinLegs(current: readonly SlipLeg[], loaded: readonly SlipLeg[]): SlipLeg[] {
  const codeMatches = new Set(loaded.map((l) => l.eventId));
  return validLegs([...current.filter((l) => !codeMatches.has(l.eventId)), ...loaded]);
}

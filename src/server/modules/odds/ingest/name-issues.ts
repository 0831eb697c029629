/**
 * The names of one batch that matching could not place (unknown to the alias table, or meaning two
 * clubs), collected per competition for the provider's `odds_name_issues` report.
 */
import type { FeedEvent } from '@shared/contract/ingest';
import type { Side } from '../sources/cross-book-matcher';
import type { NameIssueRow } from '../sources/source-health.repository';

/** Collects the names of one batch that matching could not place, per competition. */
export class NameIssues {
  private readonly byKey = new Map<string, NameIssueRow & { set: Set<string> }>();

  constructor(
    private readonly provider: number,
    private readonly now: number,
  ) {}

  add(kind: 'unmatched' | 'ambiguous', event: FeedEvent, name: string, candidates: readonly string[] = []): void {
    const key = `${kind}|${event.competition}|${name}`;
    let issue = this.byKey.get(key);
    if (!issue) {
      issue = {
        provider_id: this.provider,
        competition_id: event.competition,
        kind,
        name: name.slice(0, 200),
        listings: 0,
        candidates: '[]',
        example: `${event.home} - ${event.away}`.slice(0, 200),
        updated_at: this.now,
        set: new Set(),
      };
      this.byKey.set(key, issue);
    }
    issue.listings += 1;
    for (const c of candidates) issue.set.add(c);
  }

  side(event: FeedEvent, name: string, side: Side): void {
    if (side.kind === 'ambiguous') this.add('ambiguous', event, name, side.clubs);
    else if (!side.known) this.add('unmatched', event, name);
  }

  rows(): NameIssueRow[] {
    return [...this.byKey.values()].map(({ set, ...row }) => ({ ...row, candidates: JSON.stringify([...set]) }));
  }
}

/** The problems a parser counts (by code, with a few examples) instead of throwing on a strange answer. */
import type { Problem, ProblemCode } from '../source-types';

const MAX_EXAMPLES = 5;

export class ProblemLog {
  private readonly byCode = new Map<ProblemCode, Problem>();

  add(code: ProblemCode, example?: string): void {
    let problem = this.byCode.get(code);
    if (!problem) this.byCode.set(code, (problem = { code, count: 0, examples: [] }));
    problem.count += 1;
    if (example !== undefined && problem.examples.length < MAX_EXAMPLES) problem.examples.push(example.slice(0, 200));
  }

  count(code: ProblemCode): number {
    return this.byCode.get(code)?.count ?? 0;
  }

  list(): Problem[] {
    return [...this.byCode.values()];
  }
}

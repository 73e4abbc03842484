import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files that run far longer than the rest start first, so that none of them is the last
 * to finish while the other worker has nothing left (vitest otherwise starts the largest files
 * first on a fresh clone, and these are not the largest). The accessibility file audits about 90
 * pages in four combinations: about 310 s where the next longest file takes about 130 s.
 */
const LONGEST = ['accessibility.e2e.ts'];

const isLongest = (spec: TestSpecification) => LONGEST.some((name) => spec.moduleId.endsWith(`/${name}`));

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isLongest), ...sorted.filter((spec) => !isLongest(spec))];
  }
}

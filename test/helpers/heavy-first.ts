import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The real programs' files first, then vitest's own order (the longest of the last run first, else the largest).
 * On a fresh checkout vitest knows no durations and would start these short files last, though they take the longest.
 */
export class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (file: TestSpecification) => /[\\/]test[\\/]real[\\/]/.test(file.moduleId);
    return [...sorted.filter(heavy), ...sorted.filter((file) => !heavy(file))];
  }
}

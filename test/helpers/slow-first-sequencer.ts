/**
 * The order vitest starts test files in: the few that take longest first, then the rest in vitest's own
 * order (longest first by the timings it cached on an earlier run; larger files first on a fresh clone,
 * which is how CI runs). On a fresh clone vitest knows no timings, so without this a half-minute file
 * that spawns processes, drives PostgreSQL or a browser, or runs many property cases could start last
 * and run alone while the other workers sit idle.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first: crash and restart rounds in child processes, browsers, the docs' commands, property runs. */
const SLOW_FIRST: RegExp[] = [
  /\/test\/durable-[^/]+\.test\.ts$/,
  /\/browser-[^/]+\.test\.ts$/,
  /\/thread-lock\.test\.ts$/,
  /\/test\/readme-examples\.test\.ts$/,
  /\/test\/langgraph-platform\.test\.ts$/,
  /\/test\/loader-fuzz\.test\.ts$/,
  /\/test\/guarantees\/confirms\/[^/]+\.test\.ts$/,
];

const rank = (file: TestSpecification): number => {
  const i = SLOW_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
  return i < 0 ? SLOW_FIRST.length : i;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: within a rank, vitest's order stands.
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}

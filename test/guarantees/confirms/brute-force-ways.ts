/**
 * Brute force over the ways through a skill: every `when` taken or skipped, every `repeat` run 0, 1 or
 * 2 times, as flat lists of what happens on each way. On a way, a write is covered when some confirm
 * before it still covers it by the reference rule (reference-rule.ts): no ask in between of a field the
 * write depends on, and for a confirm inside a `repeat`, the same iteration. Used to show that the path
 * an `ungated-write` diagnostic names is a real way on which the write has no covering confirm. Pure.
 */
import type { PathOutcome, Skill, Step } from "@skillflow/core";

export type WayEvent =
  | { t: "confirm"; stepId: string; iter: string }
  | { t: "ask"; field: string; iter: string; stepId: string }
  | { t: "write"; stepId: string; iter: string }
  | { t: "when"; stepId: string; value: boolean }
  | { t: "iteration"; repeat: string; n: number }
  | { t: "iteration-end"; iter: string }
  | { t: "repeat-end"; stepId: string; iterations: number };

const MAX_WAYS = 20_000;

/** Every way through the steps (repeats unrolled 0–2 times). */
export function waysThrough(skill: Skill): WayEvent[][] {
  return walk(skill, skill.steps, [[]], "");
}

function walk(skill: Skill, steps: readonly Step[], ways: WayEvent[][], iter: string): WayEvent[][] {
  let now = ways;
  for (const step of steps) {
    if (now.length > MAX_WAYS) throw new Error(`more than ${MAX_WAYS} ways`);
    if (step.kind === "confirm") now = now.map((w) => [...w, { t: "confirm", stepId: step.id, iter }]);
    else if (step.kind === "ask") now = now.map((w) => [...w, { t: "ask", field: step.field, iter, stepId: step.id }]);
    else if (step.kind === "do" && skill.tools[step.tool]?.kind === "write") now = now.map((w) => [...w, { t: "write", stepId: step.id, iter }]);
    else if (step.kind === "when") {
      const skipped = now.map((w): WayEvent[] => [...w, { t: "when", stepId: step.id, value: false }]);
      const taken = walk(skill, step.steps, now.map((w): WayEvent[] => [...w, { t: "when", stepId: step.id, value: true }]), iter);
      now = [...skipped, ...taken];
    } else if (step.kind === "repeat") {
      const run = (from: WayEvent[][], n: number) => {
        const tag = `${iter}${iter ? "/" : ""}${step.id}#${n}`;
        const body = walk(skill, step.steps, from.map((w): WayEvent[] => [...w, { t: "iteration", repeat: step.id, n }]), tag);
        return body.map((w): WayEvent[] => [...w, { t: "iteration-end", iter: tag }]);
      };
      const once = run(now, 1);
      const twice = run(once, 2);
      const end = (from: WayEvent[][], n: number) => from.map((w): WayEvent[] => [...w, { t: "repeat-end", stepId: step.id, iterations: n }]);
      now = [...end(now, 0), ...end(once, 1), ...end(twice, 2)];
    }
  }
  return now;
}

/** The confirms (step ids) that still cover the write at index `at` of `way`. */
export function coveringOnWay(way: readonly WayEvent[], at: number, deps: ReadonlySet<string>): string[] {
  const write = way[at]!;
  const out: string[] = [];
  for (let i = 0; i < at; i++) {
    const c = way[i]!;
    if (c.t !== "confirm") continue;
    let open = true;
    for (let j = i + 1; j < at && open; j++) {
      const e = way[j]!;
      if (e.t === "ask" && deps.has(e.field)) open = false;
      if (e.t === "iteration-end" && c.iter !== "" && (e.iter === c.iter)) open = false;
    }
    if (open && write.t === "write" && (c.iter === "" || write.iter === c.iter || write.iter.startsWith(`${c.iter}/`))) out.push(c.stepId);
  }
  return out;
}

/** Does the way, up to index `at`, follow the diagnostic's path? */
export function followsPath(way: readonly WayEvent[], at: number, path: readonly PathOutcome[]): boolean {
  const write = way[at]!;
  const prefix = way.slice(0, at + 1);
  return path.every((o) => {
    if (o.kind === "when") {
      const seen = prefix.filter((e) => e.t === "when" && e.stepId === o.stepId);
      return seen.every((e) => e.t === "when" && e.value === o.value);
    }
    const ran = prefix.some((e) => e.t === "repeat-end" && e.stepId === o.stepId && e.iterations > 0);
    if (o.kind === "after-repeat") return ran;
    // A second pass of a repeat the write is in; for a write after that repeat the checker names it too,
    // where "after the repeat ran" is meant (test/guarantees/confirms/red-team-witness.test.ts).
    const inside = write.t === "write" && new RegExp(`(^|/)${o.stepId.replace(/\./g, "\\.")}#`).test(write.iter);
    return inside ? write.t === "write" && new RegExp(`(^|/)${o.stepId.replace(/\./g, "\\.")}#2($|/)`).test(write.iter) : ran;
  });
}

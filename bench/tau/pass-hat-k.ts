/**
 * τ²-bench's pass^k: for each task run n times with c successes, the chance that k runs drawn from its
 * n all pass, C(c, k) / C(n, k), averaged over the tasks (pass^1 is the mean success rate). Pure.
 */

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** pass^1 … pass^maxK over tasks given as { n: runs, c: runs passed }. */
export function passHatK(tasks: Array<{ n: number; c: number }>, maxK: number): number[] {
  if (tasks.length === 0) return [];
  return Array.from({ length: maxK }, (_, i) => {
    const k = i + 1;
    return tasks.reduce((sum, t) => sum + (t.n >= k ? choose(t.c, k) / choose(t.n, k) : 0), 0) / tasks.length;
  });
}

/**
 * `npx flow serve` (like `npm exec` and `npm run`) starts `flow` under a shell: npm → `sh -c "flow …"` →
 * node. npm passes a SIGTERM it receives on to that shell only, and the shell ends without passing it
 * on, so `kill -TERM` of npx left `flow serve` running and holding its port. When npm started this
 * process and the shell between them goes away, the process sends itself the SIGTERM that was meant for
 * it: a server finishes its running turns and stops, as if it had been signalled itself.
 *
 * Only under npm (it sets `npm_lifecycle_event`): a `flow serve` started by `nohup … &` must outlive the
 * shell that started it. The check is a timer that never keeps the process alive. Not pure: it reads
 * the parent's pid and signals this process.
 */
export function followNpmParent(env: Record<string, string | undefined>, everyMs = 200): void {
  if (!env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, everyMs);
  timer.unref();
}

// bench/store: CPU time — this process's (process.cpuUsage) and, when the PostgreSQL server runs on this
// machine, its processes' (utime + stime of every process named `postgres` in /proc, backends included).
// CPU per turn is what sizing needs (turns/s per core = 1000 / ms per turn) and, unlike turns/s, it does
// not drop when other work on the machine takes the cores.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds the local PostgreSQL server's processes have used, or undefined where /proc shows none. */
export function serverCpuMs() {
  let ticks = 0;
  let seen = false;
  let pids;
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    seen = true;
  }
  return seen ? ticks * TICK_MS : undefined;
}

/** Start a CPU measurement; `stop()` gives the milliseconds used by this process and by the server. */
export function cpuClock() {
  const own = process.cpuUsage();
  const server = serverCpuMs();
  return {
    stop() {
      const used = process.cpuUsage(own);
      const after = serverCpuMs();
      return { process: (used.user + used.system) / 1000, server: server === undefined || after === undefined ? undefined : after - server };
    },
  };
}

// `flow gc --db URL --older-than DURATION` on a real SQLite file and on PostgreSQL (a database of its
// own when PG_URL is set): conversations idle longer than the duration are deleted, the others kept;
// wrong command lines are one sentence and exit 2.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, openCheckpointer, type Flow, type Persistence } from "@skillflow/langgraph";
import { offlineModel } from "@skillflow/langgraph/models";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../test/fixtures/durable/pg-url.js";
import { createTempDatabase } from "../../../test/fixtures/durable/temp-pg-database.js";

notePgSkipped("flow gc");
const trip = fileURLToPath(new URL("../../../skills/conference-trip", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "flow-gc-"));
let pg: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (PG_URL) pg = await createTempDatabase(PG_URL, "gc");
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await pg?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function gc(argv: string[]) {
  const mem = memoryIo(work);
  const code = await cli(["gc", ...argv], mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

async function withFlow<T>(url: string, run: (flow: Flow, store: Persistence) => Promise<T>): Promise<T> {
  const store = await openCheckpointer(url);
  try {
    return await run(await createFlow({ skill: trip, model: offlineModel(), store, now: "2027-03-01T09:00:00Z" }), store);
  } finally {
    await store.close();
  }
}

const stores: Array<[string, () => string]> = [["SQLite", () => join(work, "chat.sqlite")]];
if (PG_URL) stores.push(["PostgreSQL", () => pg!.url]);

describe.each(stores)("flow gc on %s", (_kind, url) => {
  it("deletes the conversations idle longer than --older-than and keeps the rest", async () => {
    await withFlow(url(), async (flow) => {
      await flow.send("old-1", { text: "Lisbon AI Summit" });
      await flow.send("old-2", { text: "Berlin Data Days, 2 nights" });
    });
    await sleep(1500);
    await withFlow(url(), (flow) => flow.send("new", { text: "Lisbon AI Summit" }));
    const kept = await gc(["--db", url(), "--older-than", "30d"]);
    expect(kept).toMatchObject({ code: 0, stderr: "" });
    expect(kept.stdout).toMatch(/: deleted 0 conversations idle for more than 30d; kept 3\.\n$/);
    const swept = await gc(["--db", url(), "--older-than", "1s"]);
    expect(swept).toMatchObject({ code: 0, stderr: "" });
    expect(swept.stdout).toMatch(/: deleted 2 conversations idle for more than 1s; kept 1\.\n$/);
    if (!url().startsWith("postgres")) expect(swept.stdout).toMatch(/^chat\.sqlite: /); // the file as given, from the working folder
    await withFlow(url(), async (flow, store) => {
      expect(await flow.state("old-1")).toBeUndefined();
      expect(await flow.state("old-2")).toBeUndefined();
      expect((await store.footprint("old-1")).checkpoints).toBe(0);
      expect((await flow.state("new"))?.answers.conference?.value).toBe("Lisbon AI Summit");
    });
  }, 60_000);
});

if (!PG_URL) describe("flow gc on PostgreSQL", () => it.skip(PG_SKIP_REASON, () => undefined));

describe("flow gc: the command line", () => {
  it.each<[string[], RegExp]>([
    [["--db", "x.sqlite", "--older-than", "thirty"], /^flow gc: --older-than takes a number and a unit \(45s, 90m, 12h, 30d, 2w\), not "thirty"\n$/],
    [["--db", "memory", "--older-than", "30d"], /^flow gc: --db memory holds nothing between runs/],
    [["--older-than", "30d"], /^flow gc: required option '--db <url>' not specified\. Usage: flow gc \[options\]\n$/],
    [["--db", "x.sqlite"], /^flow gc: required option '--older-than <duration>' not specified\. Usage: flow gc \[options\]\n$/],
    [["--db", "mysql://h/db", "--older-than", "30d"], /^flow gc: .*mysql/],
  ])("flow gc %j: one sentence, exit 2", async (argv, message) => {
    const run = await gc(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });
});

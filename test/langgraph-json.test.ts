/**
 * The repository's langgraph.json (what `npx @langchain/langgraph-cli dev` serves from the root): its
 * graphs load as LangGraph's server loads them — the module imported, the export awaited, the result a
 * compiled graph (the server checks for `builder`) whose checkpointer the server replaces with its own —
 * and each answers a first message with an interrupt. And the versions installed here satisfy what
 * @langchain/langgraph-api asks of its peers (by its own range check).
 */
import { MemorySaver } from "@langchain/langgraph";
import { checkSemver } from "@langchain/langgraph-api/semver";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const config = JSON.parse(readFileSync(join(ROOT, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };

const FIRST: Record<string, [string, string]> = {
  "conference-trip": ["Book me for the Lisbon AI Summit, 3 nights", "flight_id"],
  retail: ["I want to cancel my order #W3361211", "sign_in"],
};

describe("langgraph.json", () => {
  it("names the example graphs", () => {
    expect(Object.keys(config.graphs).sort()).toEqual(Object.keys(FIRST).sort());
  });

  it.each(Object.entries(config.graphs))("%s loads as the server loads it and waits at an interrupt", async (id, spec) => {
    const [file, name] = spec.split(":");
    const module = (await import(pathToFileURL(join(ROOT, file!)).href)) as Record<string, unknown>;
    const graph = (await module[name!]) as { builder: unknown; checkpointer: unknown; invoke: Function; getState: Function };
    expect(typeof graph.builder).toBe("object");
    graph.checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: "first" } };
    const [message, field] = FIRST[id]!;
    await graph.invoke({ messages: [{ role: "user", content: message }] }, thread);
    const state = await graph.getState(thread);
    expect(state.tasks.flatMap((t: { interrupts: Array<{ value: unknown }> }) => t.interrupts.map((i) => i.value))).toEqual([
      expect.objectContaining({ kind: "ask", field }),
    ]);
  }, 30_000);

  it("pins versions @langchain/langgraph-api accepts", async () => {
    // The server's own check reads each package.json by `import()`, which vitest does not take for JSON.
    const names = ["@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint"];
    const installed = names.map((name) => ({ name, version: (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version }));
    const checked = await checkSemver(installed);
    expect(checked.map((c) => c.name).sort()).toEqual(["@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint"]);
    expect(checked.filter((c) => !c.satisfies)).toEqual([]);
  });
});

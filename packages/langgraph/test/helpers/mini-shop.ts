/**
 * The mini_shop fixture as the host tests drive it (charge_card then ship_order under one confirm): its
 * folder, bringing a thread to the confirmation card, pressing yes on it through the graph up to the
 * first write, a write's status in a ledger, a MemorySaver that fails one `put` on purpose, and the
 * shop's writes as recording tools.
 */
import { fileURLToPath } from "node:url";
import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { createFlow } from "../../src/create-flow.js";
import { emptyTurn } from "../../src/graph/flow-graph-state.js";
import type { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import type { HostTool } from "../../src/run-tool.js";

export const SHOP = fileURLToPath(new URL("../../../../test/fixtures/proofs/mini_shop", import.meta.url));

export type Flow = Awaited<ReturnType<typeof createFlow>>;
export type Ledger = Record<string, { tool: string; status: string }>;

/** Bring a thread to the confirmation card: two mugs, no gift wrap, PIN 4321. */
export async function toCard(flow: Flow, model: ScriptedChatModel, thread: string) {
  model.script({ quantity: 2 });
  await flow.send(thread, { text: "Two mugs please" });
  await flow.send(thread, { pick: { item_id: "MUG" } });
  model.script({ gift_wrap: false });
  await flow.send(thread, { text: "no wrapping" });
  return flow.send(thread, { text: "4321" });
}

/**
 * Press yes on the card by invoking the graph directly (outside the flow's turns), stopped before the
 * first write runs: the run left unfinished that crash and resume tests start from. Returns its config.
 */
export async function pressYesUntilAct(flow: Flow, thread: string) {
  const config = { configurable: { thread_id: thread }, interruptBefore: ["act" as const] };
  await flow.graph.invoke({ input: { type: "press", confirm: "buy", yes: true }, event: null, call: null, out: emptyTurn() }, config);
  return config;
}

/** The status of `tool`'s entry in a ledger (undefined: none). */
export const statusOf = (ledger: Ledger, tool: string) => Object.values(ledger).find((e) => e.tool === tool)?.status;

/** A MemorySaver whose `put` throws once, the first time it would store a checkpoint whose ledger matches. */
export class FailingOnceSaver extends MemorySaver {
  failWhen: ((ledger: Ledger) => boolean) | undefined;
  failed = 0;
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const ledger = (checkpoint.channel_values.flow as { ledger?: Ledger } | undefined)?.ledger ?? {};
    if (this.failWhen?.(ledger)) {
      this.failWhen = undefined;
      this.failed += 1;
      throw new Error("disk full (injected)");
    }
    return super.put(config, checkpoint, metadata);
  }
}

/** The shop's two writes, each run recorded by name in `runs`. */
export function recordingWrites() {
  const runs: string[] = [];
  const write = (name: string, output: (i: Record<string, unknown>) => unknown): HostTool => ({
    name, kind: "write", run: (input) => (runs.push(name), output(input)),
  });
  return {
    runs,
    tools: {
      charge_card: write("charge_card", (i) => ({ charged: i.total, at: "now" })),
      ship_order: write("ship_order", (i) => ({ order: `${i.item_id}-${i.quantity}` })),
    },
  };
}

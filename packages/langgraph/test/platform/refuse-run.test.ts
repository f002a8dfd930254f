/**
 * `refuseRun` and `refuseThreadUpdate`, the checks a deployment's auth handler makes for a chat client
 * (the dev-server test runs them inside LangGraph's server; here, each case alone). Pure.
 */
import { describe, expect, it } from "vitest";
import { refuseRun, refuseThreadUpdate, RUN_REFUSED, UPDATE_REFUSED } from "../../src/platform/index.js";

describe("refuseRun", () => {
  it("lets a chat client's runs through: a message, a resume, the chat stream modes, the safe strategies", () => {
    for (const kwargs of [
      { input: { messages: [] }, stream_mode: ["values"] },
      { command: { resume: { press: "pay", card: "d" } }, stream_mode: ["values", "messages-tuple", "custom"] },
      { input: null, config: { configurable: { thread_id: "t" } }, stream_mode: "messages" },
    ]) {
      for (const strategy of ["reject", "enqueue", "interrupt", undefined]) expect(refuseRun({ kwargs, multitask_strategy: strategy })).toBeUndefined();
    }
  });

  it("refuses state commands, older checkpoints, node streams and rollback", () => {
    for (const run of [
      { kwargs: { command: { update: { flow: null } } } },
      { kwargs: { command: { resume: "x", goto: "act" } } },
      { kwargs: { config: { configurable: { checkpoint_id: "1" } } } },
      ...["updates", "debug", "tasks", "checkpoints", "events"].map((mode) => ({ kwargs: { stream_mode: ["values", mode] } })),
      { kwargs: { stream_mode: "updates" } },
      { kwargs: {}, multitask_strategy: "rollback" },
    ]) expect(refuseRun(run)).toBe(RUN_REFUSED);
  });
});

describe("refuseThreadUpdate", () => {
  it("lets only a cancel that keeps the checkpoints through", () => {
    expect(refuseThreadUpdate({ action: "interrupt" })).toBeUndefined();
    for (const update of [{}, { action: "rollback" }, { action: null }]) expect(refuseThreadUpdate(update)).toBe(UPDATE_REFUSED);
  });
});

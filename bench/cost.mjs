// bench/cost: the conference-trip conversation (the reference-story proof) run side by side, in one
// process, through (a) Skillflow's createFlow and (b) LangGraph.js's prebuilt createReactAgent holding
// the same twelve tools and the policy in its system prompt, each driven by a scripted model. Prints
// model calls and input tokens per turn and in total for both arms, the ratio, and the goals; then, not a
// goal, the Skillflow arm again with the three example skills hosted (the choice of skill folded in).
// Input tokens: cl100k_base over each call's messages and tool schemas, serialized the same way for both
// arms (bench/cost/serialize-prompt.mjs). Runs from dist: `npm run build && npm run bench:cost`.
import { fileURLToPath } from "node:url";
import { runReactArm } from "./cost/react-arm.mjs";
import { isDataEntry, readStory, STORY_FILE } from "./cost/read-story.mjs";
import { runSkillflowArm } from "./cost/skillflow-arm.mjs";

/** The published figures (aigenos/flow, live Gemini, the provider's token counts). */
const PUBLISHED = { react: { calls: 24, tokens: 175_259 }, flow: { calls: 4, tokens: 7_028 } };
const GOAL_RATIO = 25;

/** The example skills a multi-skill host would offer: the story's first. */
const HOSTED = ["conference-trip", "order-refund", "account-change"];

const story = readStory();
const flow = await runSkillflowArm(story);
const react = await runReactArm(story);
const routed = await runSkillflowArm(story, { hosted: HOSTED.map((name) => fileURLToPath(new URL(`../skills/${name}`, import.meta.url))) });

const n = (x) => x.toLocaleString("en-US");
const quote = (s) => (s.length > 44 ? `"${s.slice(0, 41)}…"` : `"${s}"`);

function printTurns() {
  console.log(`${" #".padEnd(4)}${"person's event".padEnd(48)}${"kind".padEnd(12)}${"Skillflow".padStart(15)}${"ReAct agent".padStart(17)}`);
  console.log(`${"".padEnd(64)}${"calls  tokens".padStart(15)}${"calls  tokens".padStart(17)}`);
  flow.turns.forEach((t, i) => {
    const r = react.turns[i];
    console.log(`${String(i + 1).padStart(2).padEnd(4)}${quote(t.said).padEnd(48)}${t.kind.padEnd(12)}` +
      `${String(t.calls).padStart(7)}${n(t.tokens).padStart(8)}${String(r.calls).padStart(9)}${n(r.tokens).padStart(8)}`);
  });
  console.log(`${"".padEnd(4)}${"total".padEnd(60)}${String(flow.calls).padStart(7)}${n(flow.tokens).padStart(8)}` +
    `${String(react.calls).padStart(9)}${n(react.tokens).padStart(8)}`);
}

/** The goals, each with whether it is met and the figure that decides it. */
function goals() {
  const free = flow.turns.filter((t) => !isDataEntry(t.kind));
  const entry = flow.turns.filter((t) => isDataEntry(t.kind));
  const ratio = react.tokens / flow.tokens;
  const maxFree = Math.max(...free.map((t) => t.calls));
  const entryCalls = entry.reduce((a, t) => a + t.calls, 0);
  return [
    [`input tokens at least ${GOAL_RATIO}× fewer than the ReAct agent`, ratio >= GOAL_RATIO, `${ratio.toFixed(1)}×`],
    ["at most 1 model call per free-text message", maxFree <= 1, `at most ${maxFree}, over ${free.length} messages`],
    ["0 model calls per data-entry event", entryCalls === 0, `${entryCalls} over ${entry.length} events`],
    [`fewer model calls in total than the reference's ${PUBLISHED.flow.calls}`, flow.calls < PUBLISHED.flow.calls, `${flow.calls}`],
  ];
}

function printSummary() {
  const entry = flow.turns.map((t, i) => [t, react.turns[i]]).filter(([t]) => isDataEntry(t.kind));
  const reactEntryCalls = entry.reduce((a, [, r]) => a + r.calls, 0);
  const freeCalls = flow.turns.filter((t) => !isDataEntry(t.kind));
  console.log(`Skillflow:   ${flow.calls} model calls, ${n(flow.tokens)} input tokens (${n(Math.round(flow.tokens / flow.calls))} a call); ` +
    `${freeCalls.filter((t) => t.calls).length} of ${freeCalls.length} free-text messages reached the model, ${entry.length} data-entry events: 0 calls`);
  console.log(`ReAct agent: ${react.calls} model calls, ${n(react.tokens)} input tokens (${n(Math.round(react.tokens / react.calls))} a call); ` +
    `${reactEntryCalls} of the calls for the ${entry.length} data-entry events`);
  console.log(`             every call resends the policy and the 12 tool schemas (${n(react.fixedTokens)} tokens) and the whole conversation: ` +
    `${n(react.callTokens[0])} tokens for the first call, ${n(react.callTokens.at(-1))} for the last`);
  console.log(`bookings:    Skillflow ${flow.writes.join(" → ")}; ReAct ${react.writes.join(" → ")}`);
  console.log(`ratio:       ${(react.tokens / flow.tokens).toFixed(1)}× fewer input tokens, ${(react.calls / flow.calls).toFixed(1)}× fewer model calls`);
  console.log(`published:   ReAct ${PUBLISHED.react.calls} calls / ${n(PUBLISHED.react.tokens)} tokens; flow runtime ${PUBLISHED.flow.calls} calls / ` +
    `${n(PUBLISHED.flow.tokens)} tokens (${(PUBLISHED.react.tokens / PUBLISHED.flow.tokens).toFixed(1)}×; live Gemini, the provider's counts)`);
}

console.log(`bench/cost: ${STORY_FILE}, both arms in one process, scripted models`);
console.log("input tokens: cl100k_base over each call's messages + tool schemas, serialized alike (bench/cost/serialize-prompt.mjs)\n");
printTurns();
console.log("");
printSummary();
console.log("\ngoals");
const results = goals();
for (const [goal, met, figure] of results) console.log(`  ${goal.padEnd(58)}${met ? "met" : "NOT met"} (${figure})`);
if (results.some(([, met]) => !met)) process.exitCode = 1;

const routedRatio = react.tokens / routed.tokens;
console.log(`\nalso measured, not a goal: Skillflow hosting ${HOSTED.join(", ")}, the choice of skill folded into the extraction call`);
console.log(`  ${routed.calls} model calls, ${n(routed.tokens)} input tokens (${n(Math.round(routed.tokens / routed.calls))} a call), ` +
  `${routed.turns.filter((t) => isDataEntry(t.kind)).reduce((a, t) => a + t.calls, 0)} for data entry: ` +
  `${routedRatio.toFixed(1)}× fewer than the ReAct agent${routedRatio < GOAL_RATIO ? `, below ${GOAL_RATIO}×` : ""}: with three hosted, every call describes every one in full`);

/**
 * One task through `createFlow` only, driven by the scripted person: for each of the task's requests
 * (its ground-truth writes, in order) the person opens the request in words, then answers what the
 * flow asks, picks the rows the task names and presses the card when it shows what the task wants
 * (next-event.ts). The runner never calls a tool or reads the database: the flow's tools do, on the
 * task's own store. A request no skill writes, or that the flow cannot take further, is noted with why.
 * A request the benchmark's own tools refuse must end at the flow's refusal of an answer the person
 * gave from the task's data, before any card: else it is a miss, whatever the database.
 */
import { createFlow, type Flow, type TurnResult } from "@skillflow/langgraph";
import type { RetailStore } from "../../skills/retail/store/retail-store.js";
import { retailTools } from "../../skills/retail/tools.js";
import { extractionFor, openingText, type Target } from "./answer-fields.js";
import type { RetailSkills } from "./load-skills.js";
import { nextEvent, noteGrids, type Grids } from "./next-event.js";
import type { Passes } from "./pass-answers.js";
import type { Persona, Request } from "./persona.js";
import { PersonaPort } from "./persona-port.js";
import type { TauTask } from "./read-tasks.js";

/** Events one request may take before it is called stuck. */
const MAX_EVENTS = 16;

export interface PersonaRun {
  /** Why a request did not get its write (each request's first reason), empty when all did. */
  notes: string[];
  writes: string[];
  /** Requests the benchmark refuses that the flow did not refuse before a card, each with why. */
  misses: string[];
  port: PersonaPort;
}

/** How one request ended: why it fell short (if it did), the last turn, and whether its write ran. */
interface Played {
  note?: string;
  /** It ended at a grid without the row the task names. */
  notOffered?: boolean;
  last: TurnResult;
  wrote: boolean;
}

export async function runPersona(task: TauTask, persona: Persona, retail: RetailSkills, store: RetailStore): Promise<PersonaRun> {
  const port = new PersonaPort(() => ({}));
  const flow = await createFlow({ skills: retail.skills, tools: retailTools(store), model: port });
  const run: PersonaRun = { notes: [], writes: [], misses: [], port };
  const thread = `tau-${task.id}`;
  const scenario = { reason: task.user_scenario.instructions.reason_for_call ?? "", known: task.user_scenario.instructions.known_info ?? "" };
  if (!persona.user) run.notes.push("the task names no user the database knows");
  for (const [i, request] of persona.requests.entries()) {
    const target = targetOf(request, retail);
    if (!target) {
      if (!run.notes.includes(`no skill for ${request.tool} yet`)) run.notes.push(`no skill for ${request.tool} yet`);
      continue;
    }
    port.answer = (req) => extractionFor(req, persona, target);
    const played = await playRequest(flow, thread, target, persona, run, openingText(target, i === 0, scenario));
    const note = request.refused ? judgeRefused(request, played, run) : played.note;
    if (note && !run.notes.includes(note)) run.notes.push(note);
  }
  return run;
}

/**
 * A request the benchmark refuses: the flow's refusal of the person's last answer, or a grid that does
 * not offer the value the task names; else a miss noted with why.
 */
function judgeRefused(request: Request, played: Played, run: PersonaRun): string {
  const refusal = played.last.trace.find((t) => t.type === "refused");
  if (!played.wrote && refusal?.type === "refused") return `refused, as the benchmark refuses it: "${refusal.message}"`;
  if (!played.wrote && played.notOffered) return `not offered, as the benchmark refuses it: ${played.note}`;
  const why = played.wrote ? "the flow wrote it" : `the flow did not refuse it before a card: ${played.note ?? "it ended"}`;
  const miss = `the benchmark refuses ${request.tool} (${request.refused}); ${why}`;
  run.misses.push(miss);
  return miss;
}

function targetOf(request: Request, retail: RetailSkills): Target | undefined {
  const skill = retail.writers.get(request.tool)?.[0];
  if (!skill) return undefined;
  return {
    request, skill,
    binding: retail.bindings.get(skill)?.get(request.tool) ?? {},
    gathered: retail.gathered.get(skill)?.get(request.tool) ?? {},
    ir: retail.skills.find((s) => s.name === skill),
    routes: retail.routes.get(skill)?.get(request.tool) ?? [],
  };
}

/** Open the request, then answer until its write ran and the skill ended, or until the flow is stuck. */
async function playRequest(flow: Flow, thread: string, target: Target, persona: Persona, run: PersonaRun, opening: string): Promise<Played> {
  const grids: Grids = new Map();
  const passes: Passes = new Map();
  let result = await flow.send(thread, { text: opening });
  let wrote = false;
  let note: string | undefined;
  let previous = "";
  for (let n = 0; n < MAX_EVENTS; n++) {
    noteGrids(result, grids);
    // The writes that ran, and a hand-off (its own kind of tool, run with no yes).
    const ran = result.tools.filter((t) => t.kind !== "lookup" && t.ok).map((t) => t.tool);
    run.writes.push(...ran);
    wrote ||= ran.includes(target.request.tool);
    const refusal = result.tools.find((t) => t.kind === "write" && !t.ok);
    if (refusal) note = `${refusal.tool} was refused: ${refusal.error ?? "no reason given"}`;
    if (wrote && (result.done || result.skill === null || result.pending?.kind === "done")) return { last: result, wrote };
    if (note) return { note, last: result, wrote };
    const next = nextEvent(result, grids, persona, target, passes);
    const key = JSON.stringify([result.pending, "event" in next ? next.event : null]);
    if ("stuck" in next || key === previous) {
      if ("stuck" in next && next.event) await flow.send(thread, next.event);
      if ("stuck" in next) return { note: next.stuck, notOffered: next.notOffered === true, last: result, wrote };
      return { note: `the flow does not take it: ${result.reply.join(" / ") || "(nothing said)"}`, last: result, wrote };
    }
    previous = key;
    result = await flow.send(thread, next.event);
  }
  return { note: `${target.request.tool} did not run within ${MAX_EVENTS} events`, last: result, wrote };
}

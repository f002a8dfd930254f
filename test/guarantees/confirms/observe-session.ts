/**
 * A conversation with a generated skill, driven through the pure `step` by the in-test host, and what
 * the person and the approvers could observe of it: the cards shown (confirm effects), the requests filed
 * (request_approval effects), the question on screen, and which card each of their presses and approvals
 * answered. Every turn is checked as it happens (check-write-call.ts, check-held-yes.ts); a broken
 * promise throws with the turn it broke on.
 */
import type { ApprovalRequest, Card, Effect, FlowEvent, Skill, StepResult } from "@skillflow/core";
import { canonicalJson } from "../../../packages/core/src/runtime/digest.js";
import { Host, type Fake, type Turn } from "../../../packages/core/test/runtime/host.js";
import { checkHeldYes } from "./check-held-yes.js";
import { checkWriteCall } from "./check-write-call.js";
import { lookupFakes, writeOutput, WRITES } from "./generate-skill.js";
import { placeSteps, referenceDeps } from "./reference-rule.js";

const shows = (card: Card) => canonicalJson([card.question, card.widget ?? null, card.writes]);

export type Screen =
  | { kind: "ask"; field: string; secret: boolean; rows?: Array<{ id: unknown }> }
  | { kind: "confirm"; card: Card }
  | { kind: "approval"; confirm: string; request: ApprovalRequest }
  | { kind: "done" };

/** What the event generator may read of a session. */
export interface Observed {
  screen?: Screen;
  /** Digests of the cards shown for a confirm, in order. */
  cardsOf(confirm: string): string[];
  /** Requests filed for a confirm, in order. */
  requestsOf(confirm: string): ApprovalRequest[];
  anyDigest(): string | undefined;
}

/** A yes (or no) the session gave, and the card it answered, as the person saw it. */
export interface Given { confirm: string; digest: string; yes: boolean; by: "user" | "approval" }

export interface SessionOptions {
  /** Follow dependencies.ts's refinement in the reference rule (default true); false: the rule as documented. */
  siteRule?: boolean;
  /** Check property (b) after every turn (default true). */
  checkHeld?: boolean;
  /** The conversation's id (default "flow-1"). */
  flowId?: string;
}

export interface SessionStats {
  writes: number;
  /** Yeses and approvals voided (trace `confirm_voided`), and held ones compared with their card now. */
  voided: number;
  probed: number;
  given: number;
  refusedStale: number;
  /** Error effects other than the injected write failures. */
  errors: string[];
}

export class Session implements Observed {
  readonly host: Host;
  readonly deps: Map<string, Set<string>>;
  readonly roles: Record<string, string>;
  readonly lookups = lookupFakes();
  /** Tools for probe replays: the lookups, and writes that always succeed (on a throwaway copy). */
  readonly probeTools: Record<string, Fake> = { ...this.lookups, ...Object.fromEntries(WRITES.map((w) => [w, (inputs: Record<string, unknown>) => writeOutput(w, inputs)])) };
  /** Every card shown to the person or filed for an approver, by digest. */
  readonly shown = new Map<string, Card>();
  readonly shownOrder: Array<{ confirm: string; digest: string }> = [];
  readonly requests: ApprovalRequest[] = [];
  readonly given: Given[] = [];
  readonly answered = new Set<string>();
  readonly stats: SessionStats = { writes: 0, voided: 0, probed: 0, given: 0, refusedStale: 0, errors: [] };
  readonly log: string[] = [];
  /** Write instances completed so far: none may run again. */
  readonly completed = new Set<string>();
  screen?: Screen;

  constructor(readonly skill: Skill, failures: boolean[] = [false], readonly options: SessionOptions = {}) {
    let n = 0;
    const fakes: Record<string, Fake> = { ...this.lookups };
    for (const tool of WRITES) {
      fakes[tool] = (inputs) => {
        if (failures[n++ % failures.length]) throw new Error(`${tool} failed (injected)`);
        return writeOutput(tool, inputs);
      };
    }
    this.host = new Host(skill, fakes, options.flowId);
    this.deps = referenceDeps(skill, { siteRule: options.siteRule ?? false });
    this.roles = Object.fromEntries(placeSteps(skill.steps).flatMap((p) => (p.step.kind === "confirm" && p.step.by ? [[p.step.confirm, p.step.by]] : [])));
  }

  cardsOf(confirm: string): string[] {
    return this.shownOrder.filter((s) => s.confirm === confirm).map((s) => s.digest);
  }
  requestsOf(confirm: string): ApprovalRequest[] {
    return this.requests.filter((r) => r.confirm === confirm);
  }
  anyDigest(): string | undefined {
    return this.shownOrder[0]?.digest;
  }

  /** Sends one event, runs the tools, and checks everything the turn did. */
  send(event: FlowEvent): Turn {
    this.log.push(JSON.stringify(event));
    const shownBefore = new Map(this.shown);
    const screenBefore = this.screen;
    const turn = this.host.send(event);
    try {
      this.noteAnswer(event, turn, screenBefore);
      for (const result of turn.results) this.checkCalls(result, shownBefore);
      this.noteShown(turn.effects);
      this.noteScreen(turn.effects);
      if (this.options.checkHeld !== false) checkHeldYes(this, turn);
      for (const entry of Object.values(this.host.state.ledger)) if (entry.status === "done") this.completed.add(entry.instance);
      this.noteErrors(turn);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n  events: ${this.log.join("\n          ")}`);
    }
    return turn;
  }

  private checkCalls(result: StepResult, shownBefore: ReadonlyMap<string, Card>): void {
    for (const effect of result.effects) {
      if (effect.type !== "call" || effect.kind !== "write") continue;
      this.stats.writes += 1;
      if (this.completed.has(effect.instance)) throw new Error(`write ${effect.tool} (${effect.instance}) ran again after it completed`);
      checkWriteCall(this, result, effect, shownBefore);
    }
  }

  /** Which card a press or an approval answered, seen from outside; the runtime must agree. */
  private noteAnswer(event: FlowEvent, turn: Turn, screen: Screen | undefined): void {
    if (event.type === "press") {
      const given = turn.trace.find((e) => e.type === "confirm_given");
      const onScreen = screen?.kind === "confirm" && screen.card.confirm === event.confirm ? screen.card : undefined;
      if (!given || given.type !== "confirm_given") {
        if (onScreen && !this.roles[event.confirm] && (event.card ?? onScreen.digest) === onScreen.digest) {
          throw new Error(`a press of the card on screen (${event.confirm}) was not taken`);
        }
        if (turn.trace.some((e) => e.type === "dropped" && e.reason.startsWith("the card changed"))) this.stats.refusedStale += 1;
        return;
      }
      if (!onScreen) throw new Error(`a press for ${event.confirm} was taken while its card was not on screen`);
      if (this.roles[event.confirm]) throw new Error(`a press answered the approval ${event.confirm}`);
      const digest = event.card ?? onScreen.digest;
      if (given.digest !== digest) throw new Error(`a press for card ${digest} was stored for card ${given.digest}`);
      this.give({ confirm: event.confirm, digest, yes: event.yes, by: "user" });
    }
    if (event.type === "approve") {
      const given = turn.trace.find((e) => e.type === "approval_given");
      const filed = this.requestsOf(event.confirm);
      const latest = filed[filed.length - 1];
      const waiting = screen?.kind === "approval" && screen.confirm === event.confirm && latest && !this.answered.has(latest.id);
      if (!given) {
        if (waiting && event.by === this.roles[event.confirm] && (event.request ?? latest.id) === latest.id) {
          throw new Error(`an approval by ${event.by} of the request waiting (${latest.id}) was not taken`);
        }
        if (turn.trace.some((e) => e.type === "approval_stale")) this.stats.refusedStale += 1;
        return;
      }
      if (!waiting) throw new Error(`an approval for ${event.confirm} was taken while no request of it was waiting`);
      if (event.by !== this.roles[event.confirm]) throw new Error(`an approval by ${event.by} was taken for a confirm by ${this.roles[event.confirm]}`);
      const request = event.request ? filed.find((r) => r.id === event.request) : latest;
      if (request !== latest) throw new Error(`an approval naming ${event.request} was taken while ${latest.id} was waiting`);
      const stored = turn.results[0]!.state.confirmations[request.key];
      if (stored?.digest !== request.card.digest) throw new Error(`an approval of request ${request.id} was stored for card ${stored?.digest}`);
      this.answered.add(request.id);
      this.give({ confirm: event.confirm, digest: request.card.digest, yes: event.yes, by: "approval" });
    }
  }

  private give(given: Given): void {
    this.given.push(given);
    this.stats.given += 1;
  }

  private noteShown(effects: Effect[]): void {
    const cards = effects.flatMap((e) => (e.type === "confirm" ? [e.card] : e.type === "request_approval" ? [e.request.card] : []));
    for (const e of effects) if (e.type === "request_approval") this.requests.push(e.request);
    for (const card of cards) {
      // The digest covers what the card shows (question, widget, writes), not which confirm shows it.
      const earlier = this.shown.get(card.digest);
      if (earlier && shows(earlier) !== shows(card)) throw new Error(`two cards showing different things share the digest ${card.digest}`);
      this.shown.set(card.digest, card);
      this.shownOrder.push({ confirm: card.confirm, digest: card.digest });
    }
  }

  /** The last thing the turn stopped at; a turn that only said something or failed leaves the screen as it was. */
  private noteScreen(effects: Effect[]): void {
    for (const e of effects) {
      if (e.type === "ask") this.screen = { kind: "ask", field: e.field, secret: e.secret, ...(e.widget?.rows ? { rows: e.widget.rows as Array<{ id: unknown }> } : {}) };
      if (e.type === "confirm") this.screen = { kind: "confirm", card: e.card };
      if (e.type === "request_approval") this.screen = { kind: "approval", confirm: e.request.confirm, request: e.request };
      if (e.type === "done") this.screen = { kind: "done" };
    }
  }

  private noteErrors(turn: Turn): void {
    this.stats.voided += turn.trace.filter((e) => e.type === "confirm_voided").length;
    for (const e of turn.effects) if (e.type === "error" && !/failed \(injected\)/.test(e.message)) this.stats.errors.push(e.message);
  }
}

/**
 * The views that run something: the procedure (`flow procedure`'s page, in a sandboxed frame), the
 * proofs (each check with its turn and line, pass or fail), the Flow page (the chat page of a sandbox
 * serving this text; "Reset" starts a new conversation) and drafting from a sentence.
 */
import { el } from "../../server/page/dom.js";
import { ApiError, call, newestOnly, skillApi, type Diagnostic } from "./api.js";

interface ProveCheck { turn: number; line: number; label: string; key: string; ok: boolean; expected: string; seen: string }
interface ProofsReport { none: boolean; proofs: Array<{ file: string; title?: string; checks: ProveCheck[] }>; passed: number; failed: number; errors: Array<{ file: string; line: number; message: string }> }

// The procedure is what a person signs off: an answer for an older text never replaces the newer one.
const beginProcedure = newestOnly();
const beginProofs = newestOnly();

export async function renderProcedure(target: HTMLElement, key: string, text: string): Promise<void> {
  const newest = beginProcedure();
  try {
    const { html } = await call<{ html: string }>(skillApi(key, "/procedure"), { text });
    if (!newest()) return;
    const frame = el("iframe", { title: "Procedure", sandbox: "", class: "procedure" });
    frame.srcdoc = html;
    target.replaceChildren(frame);
  } catch (error) {
    if (newest()) target.replaceChildren(el("p", { class: "bad" }, (error as Error).message));
  }
}

export async function renderProofs(target: HTMLElement, key: string, text: string): Promise<void> {
  const newest = beginProofs();
  target.replaceChildren(el("p", { class: "quiet-text" }, "Running the proofs…"));
  const report = await call<ProofsReport>(skillApi(key, "/prove"), { text }).catch((error: Error) => {
    if (newest()) throw error;
    return undefined;
  });
  if (!report || !newest()) return;
  if (report.none) return void target.replaceChildren(el("p", {}, "No proof names this skill (proof files under proofs/ or in the skill folder, with skill: pointing here)."));
  if (report.errors.length) return void target.replaceChildren(...report.errors.map((e) => el("p", { class: "bad" }, `${e.file}:${e.line} ${e.message}`)));
  const summary = el("p", { class: report.failed ? "bad" : "ok", id: "proofs-summary" }, `${report.passed} passed, ${report.failed} failed`);
  // Proofs with a failing check first, open; the others folded to one line each.
  const failing = (p: ProofsReport["proofs"][number]) => p.checks.some((c) => !c.ok);
  const ordered = [...report.proofs.filter(failing), ...report.proofs.filter((p) => !failing(p))];
  target.replaceChildren(summary, ...ordered.map((proof) => {
    const bad = proof.checks.filter((c) => !c.ok).length;
    return el("details", { class: `proof ${bad ? "fail" : "pass"}`, "data-proof": proof.file, ...(bad ? { open: "" } : {}) },
      el("summary", {}, `${bad ? "✗" : "✓"} ${proof.title ?? proof.file} `, el("span", { class: "quiet-text" }, `${proof.file}, ${proof.checks.length - bad}/${proof.checks.length} checks pass`)),
      el("ul", { class: "checks" }, ...proof.checks.map((c) => el("li", { class: c.ok ? "pass" : "fail" },
        `${c.ok ? "✓" : "✗"} turn ${c.turn}, line ${c.line}: ${c.label} ${c.key}${c.ok ? "" : `: expected ${c.expected}, saw ${c.seen}`}`))));
  }));
}

export interface FlowParts { frame: HTMLIFrameElement; status: HTMLElement; reset: HTMLButtonElement; approve: HTMLAnchorElement }

export async function runFlow(parts: FlowParts, key: string, text: string): Promise<void> {
  try {
    const { url } = await call<{ url: string }>(skillApi(key, "/flow"), { text });
    localStorage.removeItem("skillflow.thread");
    parts.frame.src = url;
    parts.frame.hidden = false;
    parts.reset.disabled = false;
    parts.approve.href = `${url}approve`;
    parts.approve.hidden = false;
    parts.status.textContent = "This text runs in a sandbox: the offline extractor, an in-memory store, fresh tools.";
  } catch (error) {
    parts.status.textContent = (error as Error).message;
  }
}

/** A new conversation in the same sandbox: the chat page keeps its conversation id in localStorage. */
export function resetFlow(parts: FlowParts): void {
  localStorage.removeItem("skillflow.thread");
  parts.frame.contentWindow?.location.reload();
  parts.status.textContent = "A new conversation started.";
}

interface DraftRound { round: number; skill: string; diagnostics: Diagnostic[]; passes: boolean; tools?: { source: string } }

export async function runDraft(target: HTMLElement, key: string, sentence: string, use: (text: string) => void): Promise<void> {
  target.replaceChildren(el("p", { class: "quiet-text" }, "The model is writing; the loader checks each draft…"));
  let result: { passes: boolean; rounds: DraftRound[]; model: string };
  try {
    result = await call(skillApi(key, "/draft"), { sentence });
  } catch (error) {
    return void target.replaceChildren(el("p", { class: "bad" }, error instanceof ApiError ? error.message : String(error)));
  }
  const rounds = result.rounds.map((r) => el("details", { class: `round ${r.passes ? "pass" : "fail"}`, ...(r === result.rounds[result.rounds.length - 1] ? { open: "" } : {}) },
    el("summary", {}, `Round ${r.round}: ${r.passes ? "passes the check" : `refused, ${r.diagnostics.filter((d) => d.severity === "error").length} error(s)`}`),
    el("ul", {}, ...r.diagnostics.map((d) => el("li", { class: d.severity }, `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}: ${d.reason}${d.fix ? ` ${d.fix}` : ""}`))),
    el("pre", { class: "draft-text" }, r.skill)));
  const last = result.rounds[result.rounds.length - 1]!;
  const verdict = el("p", { class: result.passes ? "ok" : "bad", id: "draft-verdict" }, result.passes
    ? `Round ${last.round} passes the check (${result.model}). Put it in the editor, then Save.`
    : `No draft passed the check in ${result.rounds.length} rounds (${result.model}); nothing was saved. The last one can go in the editor to fix by hand.`);
  const put = el("button", { type: "button", id: "use-draft" }, "Put it in the editor");
  put.addEventListener("click", () => use(last.skill));
  target.replaceChildren(verdict, put, ...rounds);
}

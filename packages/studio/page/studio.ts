/**
 * The Studio page: the skill picker, the editor, Save, and the views beside it (Canvas, What it proved,
 * Procedure, Proofs, Flow, History, Draft). One check per pause in typing feeds the underlines, the
 * verdict, the Canvas and the proved list together. Signing in (when the Studio has approvers) names
 * the author every saved version records.
 */
import type { EditorView } from "@codemirror/view";
import { byId, el } from "../../server/page/dom.js";
import { ApiError, call, skillApi, type Analysis, type Completion, type VersionInfo } from "./api.js";
import { createEditor, jumpTo, replaceText } from "./editor.js";
import { renderCanvas, renderProved } from "./view-canvas.js";
import { renderHistory } from "./view-history.js";
import { renderProcedure, renderProofs, resetFlow, runDraft, runFlow, type FlowParts } from "./view-running.js";

const picker = byId<HTMLSelectElement>("skill");
const verdict = byId<HTMLSpanElement>("verdict");
const savedNote = byId<HTMLSpanElement>("saved");
const problems = byId<HTMLOListElement>("problems");
let key = "";
let current: Analysis | undefined;
let view: EditorView;
const text = () => view.state.doc.toString();
const jump = (line: number, column?: number) => jumpTo(view, line, column);
const flow: FlowParts = { frame: byId("flow-frame"), status: byId("flow-status"), reset: byId("reset-flow"), approve: byId("approve-link") };

function showAnalysis(analysis: Analysis): void {
  current = analysis;
  verdict.textContent = analysis.passes ? `✓ passes the check${analysis.warnings ? ` (${analysis.warnings} warning${analysis.warnings === 1 ? "" : "s"})` : ""}` : `✗ ${analysis.errors} error${analysis.errors === 1 ? "" : "s"}`;
  verdict.className = `verdict ${analysis.passes ? "ok" : "bad"}`;
  problems.replaceChildren(...analysis.diagnostics.map((d) => {
    const item = el("li", { class: d.severity }, el("button", { type: "button", class: "quiet" }, `${d.file}:${d.line}:${d.column}`), ` ${d.severity} ${d.ruleId}: ${d.reason}${d.fix ? ` ${d.fix}` : ""}`);
    if (d.file === "SKILL.md") item.querySelector("button")!.addEventListener("click", () => jump(d.line, d.column));
    return item;
  }));
  renderCanvas(byId("view-canvas"), analysis, jump);
  renderProved(byId("view-proved"), analysis, jump);
}

async function check(body: string): Promise<Analysis | undefined> {
  if (!key) return undefined;
  const analysis = await call<Analysis>(skillApi(key, "/check"), { text: body });
  if (body === text()) showAnalysis(analysis);
  return analysis;
}

async function openSkill(next: string): Promise<void> {
  key = next;
  const opened = await call<{ text: string; from: { version?: number } }>(skillApi(key));
  replaceText(view, opened.text);
  savedNote.textContent = opened.from.version ? `version ${opened.from.version}` : "from disk (no version yet)";
  await refreshHistory();
}

async function refreshHistory(): Promise<void> {
  await renderHistory(byId("versions"), byId("diff"), byId("diff-out"), key, {
    open: (body, version) => {
      replaceText(view, body);
      savedNote.textContent = `opened version ${version.number}`;
    },
    restored: (version) => void call<{ content: string }>(skillApi(key, `/versions/${version.number}`)).then((v) => {
      replaceText(view, v.content);
      savedNote.textContent = `version ${version.number}`;
      return refreshHistory();
    }),
    say: (message) => void (savedNote.textContent = message),
  });
}

byId("save").addEventListener("click", async () => {
  const result = await call<{ version: VersionInfo; saved: boolean; analysis: Analysis }>(skillApi(key, "/versions"), { text: text() });
  const v = result.version;
  savedNote.textContent = !result.saved ? `no change since version ${v.number}`
    : v.passes ? `saved version ${v.number}` : `saved version ${v.number} as a draft: it fails the check, so flow serve does not run it`;
  await refreshHistory();
});

for (const tab of document.querySelectorAll<HTMLButtonElement>("[role=tab]")) {
  tab.addEventListener("click", () => void showView(tab.dataset.view!));
}

async function showView(name: string): Promise<void> {
  for (const tab of document.querySelectorAll<HTMLButtonElement>("[role=tab]")) tab.setAttribute("aria-selected", String(tab.dataset.view === name));
  for (const panel of document.querySelectorAll<HTMLElement>(".view")) panel.hidden = panel.id !== `view-${name}`;
  if (name === "procedure") await renderProcedure(byId("view-procedure"), key, text());
  if (name === "history") await refreshHistory();
}

byId("run-proofs").addEventListener("click", () => void renderProofs(byId("proofs-out"), key, text()).catch((e: Error) => void byId("proofs-out").replaceChildren(el("p", { class: "bad" }, e.message))));
byId("run-flow").addEventListener("click", () => void runFlow(flow, key, text()));
flow.reset.addEventListener("click", () => resetFlow(flow));
byId<HTMLFormElement>("draft-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void runDraft(byId("draft-out"), key, byId<HTMLTextAreaElement>("sentence").value, (body) => {
    replaceText(view, body);
    savedNote.textContent = "a draft, not saved yet";
  });
});
picker.addEventListener("change", () => void openSkill(picker.value));

async function start(): Promise<void> {
  const me = await call<{ author: string | null; signIn: boolean }>("studio/api/me");
  const form = byId<HTMLFormElement>("sign-in");
  if (!me.author) {
    form.hidden = false;
    form.onsubmit = async (event) => {
      event.preventDefault();
      try {
        await call("studio/session", { author: byId<HTMLInputElement>("author").value, credential: byId<HTMLInputElement>("credential").value });
        form.hidden = true;
        await start();
      } catch (error) {
        byId("sign-in-status").textContent = error instanceof ApiError ? error.message : String(error);
      }
    };
    return;
  }
  byId("who").textContent = `author: ${me.author}`;
  const { skills } = await call<{ skills: Array<{ key: string; shown: string }> }>("studio/api/skills");
  picker.replaceChildren(...skills.map((s) => el("option", { value: s.key }, s.key)));
  const wanted = new URLSearchParams(location.search).get("skill");
  const first = skills.find((s) => s.key === wanted)?.key ?? skills[0]?.key;
  if (first) {
    picker.value = first;
    await openSkill(first);
  }
}

view = createEditor(byId("editor"), {
  check,
  complete: (body, line, character) => (key ? call<Completion[]>(skillApi(key, "/complete"), { text: body, line, character }) : Promise.resolve([])),
  hover: async (body, line, character) => (key ? (await call<{ markdown: string | null }>(skillApi(key, "/hover"), { text: body, line, character })).markdown ?? undefined : undefined),
});
void start();
void current;

/**
 * History: every version of the skill, newest first — number, author, time, whether it passes (the one
 * `flow serve` runs is marked), why it was saved — with Open (into the editor), Restore (saved again as
 * a new version) and a diff between any two versions ticked.
 *
 * Renders overlap (Save, Restore and the tab each ask for the list): only the newest request's answer is
 * shown, so a slow older answer never puts back a list without the version just saved; and the ticks
 * belong to the skill, not to one rendering, so a list drawn again keeps what the person ticked.
 */
import { el } from "../../server/page/dom.js";
import { call, newestOnly, skillApi, type VersionInfo } from "./api.js";

interface DiffHunk { fromLine: number; fromCount: number; toLine: number; toCount: number; ops: Array<{ kind: " " | "-" | "+"; line: string }> }

export interface HistoryHooks {
  open(text: string, version: VersionInfo): void;
  restored(version: VersionInfo): void;
  say(text: string): void;
}

const begin = newestOnly();
/** What is ticked, and for which skill (another skill starts with nothing ticked). */
let ticks = { key: "", versions: new Set<number>() };

export async function renderHistory(list: HTMLOListElement, diffButton: HTMLButtonElement, diffOut: HTMLElement, key: string, hooks: HistoryHooks): Promise<void> {
  const newest = begin();
  const { served, versions } = await call<{ served: number | null; versions: VersionInfo[] }>(skillApi(key, "/versions"));
  if (!newest()) return;
  if (ticks.key !== key) {
    ticks = { key, versions: new Set() };
    diffOut.replaceChildren();
  }
  const ticked = ticks.versions;
  for (const number of ticked) if (!versions.some((v) => v.number === number)) ticked.delete(number);
  if (versions.length === 0) {
    list.replaceChildren(el("li", { class: "quiet-text" }, "No version yet: Save keeps the text as version 1."));
    diffButton.disabled = true;
    return;
  }
  const update = () => void (diffButton.disabled = ticked.size !== 2);
  list.replaceChildren(...versions.map((v) => {
    const box = el("input", { type: "checkbox", "aria-label": `Compare version ${v.number}` });
    box.checked = ticked.has(v.number);
    box.addEventListener("change", () => {
      if (box.checked) ticked.add(v.number);
      else ticked.delete(v.number);
      update();
    });
    const open = el("button", { type: "button", class: "quiet" }, "Open");
    open.addEventListener("click", async () => hooks.open((await call<{ content: string }>(skillApi(key, `/versions/${v.number}`))).content, v));
    const restore = el("button", { type: "button", class: "quiet" }, "Restore");
    restore.addEventListener("click", async () => {
      const saved = await call<{ version: VersionInfo; saved: boolean }>(skillApi(key, `/versions/${v.number}/restore`), {});
      hooks.say(saved.saved ? `Restored version ${v.number} as version ${saved.version.number}.` : `Version ${v.number} is already the newest text.`);
      hooks.restored(saved.version);
    });
    const state = v.passes ? (v.number === served ? "passes, served" : "passes") : `draft: ${v.errors} error${v.errors === 1 ? "" : "s"}`;
    return el("li", { class: `version${v.passes ? "" : " draft"}`, "data-version": String(v.number) },
      box, el("strong", {}, `v${v.number}`), ` ${v.author}, ${v.createdAt.replace("T", " ").replace(/\.\d+Z$|Z$/, "")} `,
      el("span", { class: v.passes ? "badge write-ok" : "badge write-bad" }, state), ...(v.note ? [el("span", { class: "note" }, ` ${v.note}`)] : []), " ", open, restore);
  }));
  update();
  diffButton.onclick = async () => {
    const [to, from] = [...ticked].sort((a, b) => b - a);
    const diff = await call<{ hunks: DiffHunk[] }>(`${skillApi(key, "/diff")}?from=${from}&to=${to}`);
    diffOut.replaceChildren(el("h3", {}, `From version ${from} to version ${to}`), ...(diff.hunks.length ? diff.hunks.map(hunkView) : [el("p", {}, "The two versions are the same text.")]));
  };
}

function hunkView(hunk: DiffHunk): HTMLElement {
  const lines = hunk.ops.map((op) => el("div", { class: op.kind === "+" ? "add" : op.kind === "-" ? "del" : "same" }, `${op.kind} ${op.line}`));
  return el("pre", { class: "hunk" }, el("div", { class: "at" }, `@@ -${hunk.fromLine},${hunk.fromCount} +${hunk.toLine},${hunk.toCount} @@`), ...lines);
}

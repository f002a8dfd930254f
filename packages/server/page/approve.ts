/**
 * The approver's page: sign in (approver id and credential, checked against the configured approvers;
 * the session is a cookie), see the waiting requests your roles may answer — each card with every
 * write and its exact inputs — and approve or decline; a request to choose (a `decide … by:`) shows one
 * button per option, and declining it is the decision "no". A refusal (wrong role, stale request) is shown
 * as the server's sentence.
 */
import { byId, el, writesList } from "./dom.js";

const signIn = byId<HTMLFormElement>("sign-in");
const list = byId<HTMLElement>("requests");
const status = byId<HTMLParagraphElement>("status");
const who = byId<HTMLParagraphElement>("who");

interface Request {
  id: string; thread: string; role: string; question: string; card: { writes: Array<{ tool: string; inputs: Record<string, unknown> }> };
  options?: Array<{ key: string; label: string }>;
}

signIn.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(signIn);
  const response = await fetch("approvals/session", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ approver: data.get("approver"), credential: data.get("credential") }),
  });
  const body = await response.json();
  if (!response.ok) return void (status.textContent = body.error);
  (byId<HTMLInputElement>("credential")).value = "";
  status.textContent = "";
  await load();
});

async function load(): Promise<void> {
  const response = await fetch("approvals");
  if (response.status === 403) {
    signIn.hidden = false;
    list.hidden = true;
    return;
  }
  const body = await response.json() as { approver: string; roles: string[]; requests: Request[] };
  signIn.hidden = true;
  list.hidden = false;
  who.textContent = `Signed in as ${body.approver} (${body.roles.join(", ")})`;
  list.replaceChildren(...(body.requests.length ? body.requests.map(requestCard) : [el("p", {}, "Nothing is waiting for you.")]));
}

function requestCard(r: Request): HTMLElement {
  if (r.options) return choiceCard(r, r.options);
  const approve = el("button", { type: "button", class: "yes" }, "Approve");
  const decline = el("button", { type: "button", class: "no" }, "Decline");
  approve.addEventListener("click", () => void answer(r.id, true));
  decline.addEventListener("click", () => void answer(r.id, false));
  return el("article", { class: "card", "data-request": r.id },
    el("h2", {}, r.question),
    el("p", { class: "meta" }, `For ${r.role}, conversation ${r.thread}. Approving runs:`),
    writesList(r.card.writes),
    el("div", { class: "buttons" }, approve, decline));
}

/** A request to choose: one button per option (the approval carries its key), and Decline (the decision "no"). */
function choiceCard(r: Request, options: Array<{ key: string; label: string }>): HTMLElement {
  const buttons = options.map((o) => {
    const button = el("button", { type: "button", class: "yes", "data-option": o.key }, o.label);
    button.addEventListener("click", () => void answer(r.id, true, o.key));
    return button;
  });
  const decline = el("button", { type: "button", class: "no" }, "Decline");
  decline.addEventListener("click", () => void answer(r.id, false));
  return el("article", { class: "card choice", "data-request": r.id },
    el("h2", {}, r.question),
    el("p", { class: "meta" }, `For ${r.role}, conversation ${r.thread}. Choose one; declining answers "no".`),
    el("div", { class: "buttons" }, ...buttons, decline));
}

async function answer(id: string, yes: boolean, option?: string): Promise<void> {
  const response = await fetch(`approvals/${encodeURIComponent(id)}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(option === undefined ? { yes } : { yes, option }),
  });
  const body = await response.json();
  status.textContent = response.ok ? `${option !== undefined ? `Chose ${option}` : yes ? "Approved" : "Declined"}: ${body.request.question}` : body.error;
  await load();
}

void load();
setInterval(() => void (!signIn.hidden || load()), 5000);

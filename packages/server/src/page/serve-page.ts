/**
 * The built-in pages: `GET /` the chat, `GET /approve` the approver's page, and their script and style
 * under `/page/` (bundled at `prepare` time into `packages/server/page-dist/`; no dev server). Opening
 * the chat gives the browser a session cookie when it has none, so its conversations are its own.
 */
import { CALLER_COOKIE, identifyCaller, type AuthMode } from "../auth/identify.js";
import { sessionCookie } from "../auth/cookies.js";
import { serveBuiltFile } from "../http/serve-built-file.js";
import { newId, type ServerContext } from "../server-context.js";

const BUILT = new URL("../../page-dist/", import.meta.url);
const ASSETS: Record<string, string> = {
  "chat.js": "text/javascript; charset=utf-8",
  "approve.js": "text/javascript; charset=utf-8",
  "style.css": "text/css; charset=utf-8",
};
const security = (ctx: ServerContext) => ({
  "content-security-policy": `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors ${ctx.framing === "same-origin" ? "'self'" : "'none'"}`,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
});
const CALLER_COOKIE_SECONDS = 30 * 24 * 3600;

export async function servePage(ctx: ServerContext, request: Request, name: string, auth: AuthMode): Promise<Response> {
  if (name === "chat" || name === "approve") {
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...security(ctx) };
    if (name === "chat" && auth === "session" && !(await identifyCaller(ctx, request, auth)).ok) {
      const token = await ctx.store.createSession("caller", newId("c"), ctx.now());
      headers["set-cookie"] = sessionCookie(CALLER_COOKIE, token, CALLER_COOKIE_SECONDS);
    }
    return new Response(name === "chat" ? chatHtml(ctx) : approveHtml(ctx), { headers });
  }
  return serveBuiltFile({ folder: BUILT, types: ASSETS, what: "The chat page", headers: security(ctx) }, request, name);
}

function page(title: string, body: string, script: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="page/style.css">
</head>
<body>
${body}
${script ? `<script type="module" src="page/${script}"></script>\n` : ""}</body>
</html>
`;
}

function chatHtml(ctx: ServerContext): string {
  const skills = ctx.flow.skills.map((s) => escapeHtml(s.title)).join(", ");
  return page("Skillflow chat", `<main class="chat">
<header><h1>Skillflow</h1><p class="skills">${skills}</p><button type="button" id="new-chat" class="quiet">New conversation</button></header>
<ol id="log" class="log" role="log" aria-live="polite" aria-label="Conversation"></ol>
<p id="status" class="status" role="status"></p>
<form id="composer" class="composer" autocomplete="off">
<label id="say-label" for="say">Message</label>
<input id="say" name="say" type="text" autocomplete="off" required>
<button id="send" type="submit">Send</button>
</form>
</main>`, "chat.js");
}

function approveHtml(ctx: ServerContext): string {
  if (ctx.approvers.size === 0) return noApproversHtml();
  return page("Skillflow approvals", `<main class="approve">
<header><h1>Approvals</h1><p id="who" class="skills"></p></header>
<form id="sign-in" class="sign-in" autocomplete="off">
<label for="approver">Approver id</label><input id="approver" name="approver" required>
<label for="credential">Credential</label><input id="credential" name="credential" type="password" required>
<button type="submit">Sign in</button>
</form>
<p id="status" class="status" role="status" aria-live="polite"></p>
<section id="requests" aria-label="Waiting requests" hidden></section>
</main>`, "approve.js");
}

/** No approver is configured, so no sign-in can succeed: say so, and how to add one (docs/serve.md#approvers). */
function noApproversHtml(): string {
  return page("Skillflow approvals", `<main class="approve">
<header><h1>Approvals</h1></header>
<section class="card" role="status">
<h2>No approvers are configured on this server</h2>
<p>Nobody can sign in here, so a request waiting for a role (a <code>confirm</code> with <code>by:</code>) stays waiting.</p>
<p>To add an approver, make a hash of their credential with <code>flow serve --hash-credential</code>, put it in a file
<code>{ "approvers": { "sam": { "roles": ["supervisor"], "credential": "scrypt$…" } } }</code>,
and start the server with <code>flow serve … --approvers FILE</code> (or set <code>FLOW_APPROVERS</code>).</p>
</section>
</main>`, undefined);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

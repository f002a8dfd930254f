/**
 * `createStudio(options)`: the Studio as a fetch handler, built on `@skillflow/server` — its store and
 * sessions (authors sign in with the approvers file's credentials), its chat page and AG-UI endpoint
 * (each Flow page sandbox is a `createSkillflowServer`), its JSON helpers. Routes:
 *
 *   GET  /                                   the Studio page          POST /studio/session   sign in
 *   GET  /studio/api/me, /studio/api/skills  who, and the skills      GET  /studio/api/skills/:key
 *   POST /studio/api/skills/:key/{check,complete,hover,procedure,prove,flow,draft}
 *   GET|POST /studio/api/skills/:key/versions, GET …/versions/:n, POST …/versions/:n/restore, GET …/diff?from&to
 *   *    /flow/:id/…                         a sandbox's chat page, AG-UI and approvals
 */
import { dirname, join, resolve } from "node:path";
import { Hono, type Context } from "hono";
import { json, problem, readJson, type ApproverDirectory } from "@skillflow/server";
import { identifyAuthor, signInAuthor, type AuthorAuth } from "./auth/identify-author.js";
import type { DraftModel } from "./draft/draft-model.js";
import { checkText, completeText, hoverText, procedureOf } from "./http/api-editing.js";
import { draftFor, openFlow, proveText } from "./http/api-running.js";
import { listSkills, openSkill } from "./http/api-skills.js";
import { diffVersions, getVersion, listVersions, restoreVersion, saveVersion } from "./http/api-versions.js";
import type { StudioContext } from "./http/studio-context.js";
import { ModelSetupError, offlineModel, type ModelPort } from "./langgraph-port.js";
import { studioAsset, studioHtml } from "./page/serve-studio-page.js";
import { createSandboxes } from "./sandbox/sandbox-flows.js";
import { openSkillsFolder } from "./skills/skills-folder.js";
import { openStudioStore, type StudioStore } from "./store/open-studio-store.js";

export interface StudioOptions {
  /** The folder of skills to edit (absolute, or relative to `cwd`). */
  skillsDir: string;
  cwd?: string | undefined;
  /** Versions and sessions: a SQLite path, `postgres://…`, or memory (default; the CLI defaults to `.flow/studio.sqlite`). */
  db?: string | undefined;
  /** Signed-in authors (role `author`) and the Flow page's approvers; without it, `localAuthor` is every request's author. */
  approvers?: ApproverDirectory | undefined;
  localAuthor?: string | undefined;
  /** The Flow page's model (default: the offline extractor). */
  model?: ModelPort | undefined;
  /** The drafting model, or how to get it (a missing key is reported when a draft is asked for). */
  draftModel?: DraftModel | (() => Promise<DraftModel>) | undefined;
  /** Folders searched for the skills' proofs (default `proofs/` beside the skills folder); the skill's own folder always is. */
  proofFolders?: string[] | undefined;
  now?: string | (() => string) | undefined;
  importTimeoutMs?: number | undefined;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number | undefined;
}

export interface Studio {
  fetch(request: Request): Promise<Response>;
  app: Hono;
  store: StudioStore;
  shutdown(timeoutMs?: number): Promise<void>;
}

export async function createStudio(options: StudioOptions): Promise<Studio> {
  const cwd = options.cwd ?? process.cwd();
  const root = resolve(cwd, options.skillsDir);
  const clock = options.now;
  const now = typeof clock === "function" ? clock : typeof clock === "string" ? () => clock : () => new Date().toISOString();
  const folder = openSkillsFolder(root, { cwd, ...(options.importTimeoutMs !== undefined && { importTimeoutMs: options.importTimeoutMs }) });
  await folder.list();
  const store = await openStudioStore(options.db);
  const auth: AuthorAuth = options.approvers ? { mode: "sign-in", approvers: options.approvers } : { mode: "local", author: options.localAuthor ?? "local" };
  const given = options.draftModel;
  let drafting: Promise<DraftModel> | undefined;
  const ctx: StudioContext = {
    folder, store, auth, cwd, now,
    sandboxes: createSandboxes({ model: options.model ?? offlineModel(), ...(options.approvers && { approvers: options.approvers }), now }),
    draftModel: () => {
      if (typeof given === "function") return (drafting ??= given().catch((error) => ((drafting = undefined), Promise.reject(error))));
      return given ? Promise.resolve(given) : Promise.reject(new ModelSetupError("missing-key", "this Studio was started without a model to draft with (createStudio's `draftModel`)"));
    },
    proofFolders: options.proofFolders ?? [join(dirname(root), "proofs")],
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    lastParsed: new Map(),
  };
  const app = buildApp(ctx);
  let closing: Promise<void> | undefined;
  return {
    app, store,
    fetch: async (request) => app.fetch(request),
    shutdown: () => (closing ??= ctx.sandboxes.shutdown().then(() => store.close())),
  };
}

type Authed = (c: Context, author: string) => Promise<Response>;

function buildApp(ctx: StudioContext): Hono {
  const app = new Hono();
  const authed = (handler: Authed) => async (c: Context) => {
    const who = await identifyAuthor(ctx.auth, ctx.store.serve, c.req.raw, ctx.now());
    return who.ok ? handler(c, who.author) : who.response;
  };
  const key = (c: Context) => c.req.param("key")!;
  app.get("/", () => studioHtml());
  app.get("/studio/page/:file", (c) => studioAsset(c.req.raw, c.req.param("file")));
  app.post("/studio/session", async (c) => {
    const body = await readJson(c.req.raw, 4096);
    if (!body.ok) return body.response;
    const { author, credential } = (body.value ?? {}) as { author?: unknown; credential?: unknown };
    if (typeof author !== "string" || typeof credential !== "string") return problem(400, "Send { author, credential }.");
    const signed = await signInAuthor(ctx.auth, ctx.store.serve, author, credential, ctx.now());
    if (!signed.ok) return signed.response;
    return json({ author: signed.author }, 200, signed.cookie ? { "set-cookie": signed.cookie } : {});
  });
  app.get("/studio/api/me", async (c) => {
    const who = await identifyAuthor(ctx.auth, ctx.store.serve, c.req.raw, ctx.now());
    return json({ author: who.ok ? who.author : null, signIn: ctx.auth.mode === "sign-in" });
  });
  app.get("/studio/api/skills", authed(() => listSkills(ctx)));
  app.get("/studio/api/skills/:key", authed((c) => openSkill(ctx, key(c))));
  app.post("/studio/api/skills/:key/check", authed((c) => checkText(ctx, key(c), c.req.raw)));
  app.post("/studio/api/skills/:key/complete", authed((c, who) => completeText(ctx, key(c), c.req.raw, who)));
  app.post("/studio/api/skills/:key/hover", authed((c, who) => hoverText(ctx, key(c), c.req.raw, who)));
  app.post("/studio/api/skills/:key/procedure", authed((c) => procedureOf(ctx, key(c), c.req.raw)));
  app.post("/studio/api/skills/:key/prove", authed((c) => proveText(ctx, key(c), c.req.raw)));
  app.post("/studio/api/skills/:key/flow", authed((c) => openFlow(ctx, key(c), c.req.raw)));
  app.post("/studio/api/skills/:key/draft", authed((c) => draftFor(ctx, key(c), c.req.raw)));
  app.get("/studio/api/skills/:key/versions", authed((c) => listVersions(ctx, key(c))));
  app.post("/studio/api/skills/:key/versions", authed((c, who) => saveVersion(ctx, key(c), c.req.raw, who)));
  app.get("/studio/api/skills/:key/versions/:n", authed((c) => getVersion(ctx, key(c), c.req.param("n")!)));
  app.post("/studio/api/skills/:key/versions/:n/restore", authed((c, who) => restoreVersion(ctx, key(c), c.req.param("n")!, who)));
  app.get("/studio/api/skills/:key/diff", authed((c) => diffVersions(ctx, key(c), c.req.query("from"), c.req.query("to"))));
  app.all("/flow/:id/*", async (c) => {
    const rest = new URL(c.req.url).pathname.replace(/^\/flow\/[^/]+/, "") || "/";
    // Approvers sign in on the sandbox's own /approve page; everything else is the author's.
    const approverRoute = /^\/(approve|approvals)(\/|$)/.test(rest) || rest.startsWith("/page/");
    if (!approverRoute) {
      const who = await identifyAuthor(ctx.auth, ctx.store.serve, c.req.raw, ctx.now());
      if (!who.ok) return who.response;
    }
    return (await ctx.sandboxes.serve(c.req.param("id")!, rest, c.req.raw)) ?? problem(404, `No sandbox ${c.req.param("id")}: run the skill again from the Flow tab.`);
  });
  app.notFound((c) => problem(404, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`));
  app.onError((error) => problem(500, `The Studio failed: ${error.message}`));
  return app;
}

/**
 * Opening and running `flow studio`: the skills folder, the approvers (authors sign in with the role
 * `author`; the Flow page's approvers answer on its /approve page), the model (the Flow page's, offline
 * without a key; the same `--model` drafts, and without a model drafting says so), the store
 * (`.flow/studio.sqlite` unless `--db`), then the Studio on its port until SIGTERM or SIGINT. Every
 * failure is one sentence on stderr and an exit code.
 */
import { shownPath } from "@skillflow/core";
import { resolve } from "node:path";
import { storeUrl } from "../chat/open-chat.js";
import { untilSignal } from "../serve/run-serve.js";
import { EXIT, type CliIo } from "../io.js";
import { checkStudioOptions, DEFAULT_STUDIO_DB, type StudioCliOptions } from "./studio-options.js";

type Lg = typeof import("@skillflow/langgraph") & typeof import("@skillflow/langgraph/models") & typeof import("@skillflow/langgraph/persistence");

export async function runStudio(target: string | undefined, options: StudioCliOptions, io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow studio: ${message}\n`), code);
  const checked = await checkStudioOptions(options, io.env, io.cwd);
  if (!checked.ok) return fail(checked.message, EXIT.usage);
  const dir = target ?? "skills";
  const { stat } = await import("node:fs/promises");
  if (!(await stat(resolve(io.cwd, dir)).then((s) => s.isDirectory(), () => false))) return fail(`not a folder of skills: ${dir}`, EXIT.usage);
  const [st, sf, lgMain, lgModels, lgStores] = await Promise.all([
    import("@skillflow/studio"), import("@skillflow/server"), import("@skillflow/langgraph"), import("@skillflow/langgraph/models"), import("@skillflow/langgraph/persistence"),
  ]);
  const lg: Lg = { ...lgMain, ...lgModels, ...lgStores };
  let approvers;
  try {
    approvers = checked.settings.approvers && sf.parseApprovers(checked.settings.approvers.text, checked.settings.approvers.source);
  } catch (error) {
    if (!(error instanceof sf.ApproverConfigError)) throw error;
    return fail(error.message, EXIT.usage);
  }
  const model = await openModel(lg, options.model, io.env);
  if (!model.ok) return fail(model.message, EXIT.usage);
  // Drafting needs a real model; without one the Studio still runs and its Draft view says why.
  const drafting = await st.resolveDraftModel(options.model, io.env).then(
    (draftModel) => ({ draftModel, shown: `with ${draftModel.id}` }),
    (error: unknown) => {
      if (!lg.isModelSetupError(error)) throw error;
      return { draftModel: () => Promise.reject(error), shown: `off: ${error.message}` };
    });
  const db = storeUrl(options.db ?? DEFAULT_STUDIO_DB, io.cwd);
  let studio: Awaited<ReturnType<typeof st.createStudio>>;
  try {
    studio = await st.createStudio({
      skillsDir: dir, cwd: io.cwd, db, model: model.port, localAuthor: checked.settings.localAuthor,
      ...(approvers && { approvers }),
      draftModel: drafting.draftModel,
      ...(options.proofs?.length && { proofFolders: options.proofs.map((p) => resolve(io.cwd, p)) }),
    });
  } catch (error) {
    if (error instanceof lg.PersistenceError) return fail(error.message, error.code === "bad-url" ? EXIT.usage : EXIT.failed);
    if (error instanceof st.SkillsFolderError) return fail(error.message, EXIT.usage);
    throw error;
  }
  let listening: Awaited<ReturnType<typeof sf.listen>>;
  try {
    listening = await sf.listen(studio, checked.settings);
  } catch (error) {
    await studio.shutdown();
    const code = (error as { code?: string }).code;
    const why = code === "EADDRINUSE" ? "is already in use (pass --port to pick another, or --port 0 for a free one)" : `cannot be opened: ${(error as Error).message}`;
    return fail(`${checked.settings.host}:${checked.settings.port} ${why}`, EXIT.failed);
  }
  const stop = untilSignal((again) => io.stdout.write(`flow studio: ${again} again: still stopping…\n`));
  const location = lg.parseDbUrl(db);
  const store = location.kind === "sqlite" ? shownPath(location.path, io.cwd) : location.kind === "postgres" ? lg.redactUrl(location.url) : "memory (nothing is kept)";
  const rows: Array<[string, string]> = [
    ["skills", shownPath(resolve(io.cwd, dir), io.cwd) || "."], ["model", model.port.id], ...(model.port.notice ? [["", model.port.notice] as [string, string]] : []),
    ["drafts", drafting.shown],
    ["versions", store],
    ["authors", approvers ? `sign in (role author in ${checked.settings.approvers!.source})` : `${checked.settings.localAuthor} (local, no sign-in)`],
    ["studio", listening.url],
  ];
  io.stdout.write(`${rows.map(([k, v]) => `${k.padEnd(12)}${v}`).join("\n")}\nflow serve runs the newest passing version with --studio-db ${options.db ?? DEFAULT_STUDIO_DB}. Stop with Ctrl-C or SIGTERM.\n`);
  const signal = await stop.signalled;
  io.stdout.write(`flow studio: ${signal}: stopping…\n`);
  try {
    await listening.stop();
  } finally {
    stop.done();
  }
  io.stdout.write("flow studio: stopped.\n");
  return EXIT.ok;
}

async function openModel(lg: Lg, spec: string | undefined, env: CliIo["env"]) {
  try {
    return { ok: true as const, port: await lg.resolveModel(spec, env) };
  } catch (error) {
    if (!lg.isModelSetupError(error)) throw error;
    return { ok: false as const, message: error.message };
  }
}


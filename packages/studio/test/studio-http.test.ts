/**
 * The Studio's API over real HTTP: the check of an edited text (the loader's diagnostics), completion and
 * hover at a cursor, versions (save, a draft that fails, the served one, diff, restore), the procedure,
 * the proofs run against the edited text, a Flow page sandbox driven over AG-UI, drafting with a
 * scripted model, and authors signing in (the version records who).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedChatModel } from "@skillflow/langgraph";
import { approverDirectory, hashCredential } from "@skillflow/server";
import { draftModelOf, type TextChatModel } from "@skillflow/studio";
import { AguiDriver } from "../../server/test/helpers/agui-driver.js";
import { client, ROOT, startStudio, type StudioFixture } from "./helpers/studio-fixture.js";

const tripText = readFileSync(join(ROOT, "skills/conference-trip/SKILL.md"), "utf8");
const tripLines = tripText.split("\n");
/** The trip with its Pay confirm gone: four writes with no confirm above them. */
const ungatedTrip = tripText.replace(/\n- confirm: \{ pay: [^\n]*\n  widget: trip_checkout/, "");
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

let local: StudioFixture;
const draftChat = new ScriptedChatModel([], { strict: true });
beforeAll(async () => {
  local = await startStudio({ draftModel: draftModelOf(draftChat as unknown as TextChatModel, "scripted") });
}, 60_000);
afterAll(async () => local?.close());

describe("the editor's requests", () => {
  it("check: an ungated write is an error at its line and column; the file's own text passes", async () => {
    const api = client(local.url);
    const bad = await api.request("studio/api/skills/conference-trip/check", { text: ungatedTrip });
    expect(bad.status).toBe(200);
    expect(bad.json.passes).toBe(false);
    const ungated = bad.json.diagnostics.filter((d: any) => d.ruleId === "ungated-write");
    expect(ungated.map((d: any) => [d.file, d.line, d.column])).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"].map((t) => ["SKILL.md", lineOf(ungatedTrip, `- do: ${t}`), 3]));
    expect(ungated[0].fix).toMatch(/^Add a `confirm:` step above line \d+/);
    const good = await api.request("studio/api/skills/conference-trip/check", { text: tripText });
    expect(good.json).toMatchObject({ passes: true, errors: 0, diagnostics: [] });
    expect((await api.request("studio/api/skills/no_such/check", { text: "" })).json.error).toBe(`No skill no_such in ${join(ROOT, "skills")}: the skills are account-change, agent-refund, conference-trip, deploy-pipeline, dev-review, order-refund, cancel-order, change-default-address, change-order-payment, exchange-items, human-agent, modify-items, modify-order-address, order-details, profile, return-items.`);
    expect((await api.request("studio/api/skills/conference-trip/check", { txt: "" })).json.error).toBe("The body must be a JSON object with `text`, the SKILL.md text.");
  });

  it("complete and hover: tool names from tools.ts after `do:`, step keys on a new step, a tool's kind and types on hover", async () => {
    const api = client(local.url);
    const doLine = lineOf(tripText, "- do: quote_trip") - 1;
    const tools = await api.request("studio/api/skills/conference-trip/complete", { text: tripText, line: doLine, character: "- do: ".length });
    expect(tools.json.map((c: any) => c.label)).toEqual(expect.arrayContaining(["hold_flight", "quote_trip", "take_payment"]));
    expect(tools.json.find((c: any) => c.label === "take_payment")).toMatchObject({ kind: "tool", detail: "write" });
    const withNew = tripText.replace("- do: quote_trip", "- do: quote_trip\n- co");
    const keys = await api.request("studio/api/skills/conference-trip/complete", { text: withNew, line: doLine + 1, character: 4 });
    expect(keys.json.map((c: any) => c.label)).toContain("confirm");
    const holdLine = lineOf(tripText, "- do: hold_flight") - 1;
    const hover = await api.request("studio/api/skills/conference-trip/hover", { text: tripText, line: holdLine, character: 8 });
    expect(hover.json.markdown).toContain("**`hold_flight`** · write (runs only after a confirm, once)");
    expect(hover.json.markdown).toContain("Input: `flight_id: string`");
    expect((await api.request("studio/api/skills/conference-trip/hover", { text: tripText })).status).toBe(400);
  });

  it("procedure: the flow procedure page for a text that passes; a sentence for one that does not", async () => {
    const api = client(local.url);
    const page = await api.request("studio/api/skills/conference-trip/procedure", { text: tripText });
    expect(page.json.html).toContain("Procedure: Conference trip");
    const refused = await api.request("studio/api/skills/conference-trip/procedure", { text: ungatedTrip });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toBe("The procedure is written for a skill that passes the check; this text has 4 errors.");
  });
});

describe("versions", () => {
  it("saves a passing version and a failing draft, serves the passing one, diffs them and restores the first", async () => {
    const api = client(local.url);
    const first = await api.request("studio/api/skills/conference-trip/versions", { text: tripText });
    expect(first.json).toMatchObject({ saved: true, version: { number: 1, author: "dev", passes: true, createdAt: "2027-03-01T09:00:00Z" } });
    const same = await api.request("studio/api/skills/conference-trip/versions", { text: tripText });
    expect(same.json).toMatchObject({ saved: false, version: { number: 1 } });
    const draft = await api.request("studio/api/skills/conference-trip/versions", { text: ungatedTrip });
    expect(draft.json).toMatchObject({ saved: true, version: { number: 2, passes: false, errors: 4 } });
    const listed = await api.request("studio/api/skills/conference-trip/versions");
    expect(listed.json.served).toBe(1);
    expect(listed.json.versions.map((v: any) => [v.number, v.passes])).toEqual([[2, false], [1, true]]);
    const diff = await api.request("studio/api/skills/conference-trip/diff?from=1&to=2");
    const removed = diff.json.hunks.flatMap((h: any) => h.ops).filter((o: any) => o.kind === "-").map((o: any) => o.line);
    expect(removed).toEqual(tripLines.filter((l) => l.startsWith("- confirm: { pay:") || l === "  widget: trip_checkout"));
    const restored = await api.request("studio/api/skills/conference-trip/versions/1/restore", {});
    expect(restored.json).toMatchObject({ saved: true, version: { number: 3, passes: true, note: "restored from version 1" } });
    expect((await api.request("studio/api/skills/conference-trip/versions/3")).json.content).toBe(tripText);
    expect((await api.request("studio/api/skills/conference-trip/versions")).json.served).toBe(3);
    expect((await api.request("studio/api/skills/conference-trip")).json).toMatchObject({ text: tripText, from: { version: 3 } });
    expect((await api.request("studio/api/skills/conference-trip/versions/9")).json.error).toBe("conference-trip has no version 9.");
    expect((await api.request("studio/api/skills/conference-trip/diff?from=1&to=x")).json.error).toBe('A version is a number from 1, not "x".');
  });
});

describe("running", () => {
  it("runs the skill's proofs against the edited text: all pass as written, a changed reply fails its check at its line", { timeout: 120_000 }, async () => {
    const api = client(local.url);
    const asWritten = await api.request("studio/api/skills/conference-trip/prove", { text: tripText });
    expect(asWritten.json.none).toBe(false);
    expect(asWritten.json.failed).toBe(0);
    expect(asWritten.json.proofs.map((p: any) => p.file)).toContain("proofs/conference-trip/reference-story.proof.yaml");
    const changed = tripText.replace("Booked. Your reference is", "All done. Your reference is");
    const report = await api.request("studio/api/skills/conference-trip/prove", { text: changed });
    const story = report.json.proofs.find((p: any) => p.file === "proofs/conference-trip/reference-story.proof.yaml");
    const failing = story.checks.filter((c: any) => !c.ok);
    const proof = readFileSync(join(ROOT, "proofs/conference-trip/reference-story.proof.yaml"), "utf8").split("\n");
    const says = proof.findIndex((l) => l.includes("Booked. Your reference is TRIP-"));
    const turnLine = proof.slice(0, says).map((l, i) => (/^  - /.test(l) ? i + 1 : 0)).filter(Boolean).pop();
    expect(failing).toEqual([expect.objectContaining({ key: "says", line: turnLine, label: "press pay", seen: expect.stringContaining("All done. Your reference is TRIP-") })]);
    const broken = await api.request("studio/api/skills/conference-trip/prove", { text: ungatedTrip });
    expect(broken.json.proofs.every((p: any) => p.checks.some((c: any) => c.key === "skill" && !c.ok))).toBe(true);
  });

  it("runs a passing text in a Flow page sandbox: the server's chat page, AG-UI to the first question and a grid", async () => {
    const api = client(local.url);
    const refused = await api.request("studio/api/skills/conference-trip/flow", { text: ungatedTrip });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toBe("Only a skill that passes the check can run; this text has 4 errors.");
    const asked = tripText.replace("Which conference are you going to?", "Which conference is it?");
    const opened = await api.request("studio/api/skills/conference-trip/flow", { text: asked });
    expect(opened.json.url).toMatch(/^flow\/conference-trip-[0-9a-f]{12}\/$/);
    const page = await fetch(`${local.url}/${opened.json.url}`);
    expect(await page.text()).toContain('<script type="module" src="page/chat.js">');
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const driver = new AguiDriver(`${local.url}/${opened.json.url.replace(/\/$/, "")}`, undefined, "sandbox-1");
    expect((await driver.look()).text).toEqual(["Which conference is it?"]);
    const flights = await driver.say("Lisbon AI Summit, 3 nights");
    expect(flights.activities.map((a) => a.activityType)).toContain("skillflow.grid");
    expect((await api.request("flow/nope/agui", {})).status).toBe(404);
  });

  it("drafts with the studio's model: refused, then passing, and nothing saved", async () => {
    const api = client(local.url);
    draftChat.script(`<skill_md>\n${ungatedTrip}</skill_md>`, `<skill_md>\n${tripText}</skill_md>`);
    const before = (await api.request("studio/api/skills/order-refund/versions")).json.versions.length;
    const result = await api.request("studio/api/skills/conference-trip/draft", { sentence: "Book a conference trip within the budget" });
    expect(result.json.passes).toBe(true);
    expect(result.json.rounds.map((r: any) => r.passes)).toEqual([false, true]);
    expect(draftChat.prompts.at(-1)!.messages.at(-1)!.content).toContain(`SKILL.md:${lineOf(ungatedTrip, "- do: hold_flight")}:3 error ungated-write`);
    expect((await api.request("studio/api/skills/order-refund/versions")).json.versions.length).toBe(before);
    expect((await api.request("studio/api/skills/conference-trip/draft", { sentence: " " })).status).toBe(400);
  });

  it("without a drafting model, says so", async () => {
    const bare = await startStudio();
    try {
      const result = await client(bare.url).request("studio/api/skills/conference-trip/draft", { sentence: "Book a trip" });
      expect(result.status).toBe(503);
      expect(result.json.error).toBe("Drafting is not available: this Studio was started without a model to draft with (createStudio's `draftModel`).");
    } finally {
      await bare.close();
    }
  });
});

describe("authors sign in", () => {
  let signed: StudioFixture;
  beforeAll(async () => {
    const approvers = approverDirectory({ approvers: {
      sam: { roles: ["author"], credential: await hashCredential("sam-secret") },
      pat: { roles: ["supervisor"], credential: await hashCredential("pat-secret") },
    } });
    signed = await startStudio({ approvers });
  }, 60_000);
  afterAll(async () => signed?.close());

  it("refuses callers without a session, wrong credentials and non-authors; a signed-in author's saves carry their id", async () => {
    const api = client(signed.url);
    const none = await api.request("studio/api/skills");
    expect(none.status).toBe(401);
    expect(none.json.error).toBe("Sign in to the Studio first: an author's id and credential (the approvers file, role author).");
    expect((await api.request("studio/api/me")).json).toEqual({ author: null, signIn: true });
    expect((await api.request("flow/x/agui", {})).status).toBe(401);
    for (const [author, credential] of [["pat", "pat-secret"], ["sam", "wrong"], ["nobody", "x"]]) {
      const refused = await api.request("studio/session", { author, credential });
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe("Unknown author or wrong credential (an author holds the role author in the approvers file).");
    }
    const ok = await api.request("studio/session", { author: "sam", credential: "sam-secret" });
    expect(ok.json).toEqual({ author: "sam" });
    expect(ok.headers.get("set-cookie")).toMatch(/^sf_author=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect((await api.request("studio/api/me")).json).toEqual({ author: "sam", signIn: true });
    const saved = await api.request("studio/api/skills/order-refund/versions", { text: readFileSync(join(ROOT, "skills/order-refund/SKILL.md"), "utf8") });
    expect(saved.json.version).toMatchObject({ number: 1, author: "sam", passes: true });
  });
});

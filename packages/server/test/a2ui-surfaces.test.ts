/**
 * The A2UI translator on its own (pure): every widget kind — a grid of one row to pick, a grid of
 * several (`many: true`), a card, a checkout, a field form of each input kind, an approval — becomes
 * v0.9 messages that the reference implementation's schemas accept (`@a2ui/web_core`), with stable
 * surface and component ids, actions that carry what the AG-UI path's resume carries (and a press, the
 * card's digest), and no secret anywhere. The action coming back is mapped to the same resume entry,
 * and a press with a stale or missing digest, or an answer shaped as a press, is refused.
 */
import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { widgetSurface } from "../src/a2ui/widget-surface.js";
import { withA2uiAction } from "../src/a2ui/action-to-resume.js";
import { widgetFormOf } from "../src/a2ui/widget-form.js";
import type { OpenInterrupt } from "../src/store/serve-types.js";
import { a2uiProblems } from "./helpers/a2ui-conformance.js";

const FLIGHTS = {
  name: "flight_grid", field: "flight_id", question: "Which flight?", columns: ["id", "departs", "price"], headers: ["Flight", "Departs", "Price"],
  rows: [{ id: "TP1350", departs: "09:10", price: 180 }, { id: "BA500", departs: "11:40", price: 210 }], interruptId: "i_1",
};
const CARD = {
  confirm: "pay", question: "Pay 1020 EUR?", digest: "d_abc",
  writes: [
    { tool: "hold_hotel", instance: "hold_hotel", inputs: { hotel_id: "H-BAIXA", nights: 3 }, words: "Book Hotel Baixa Nova", details: [{ input: "nights", label: "Nights at the hotel", value: "3" }] },
    { tool: "take_payment", instance: "take_payment", inputs: { total: 1020 }, words: "Charge 1,020.00 EUR", details: [] },
  ],
  interruptId: "i_2",
};
const components = (messages: any[]) => messages.find((m) => m.updateComponents).updateComponents.components as any[];
const byId = (messages: any[], id: string) => components(messages).find((c) => c.id === id);
const data = (messages: any[]) => messages.find((m) => m.updateDataModel).updateDataModel.value;

describe("A2UI surfaces for each widget", () => {
  it("(the conformance check itself finds a wrong property, an unknown component and a missing child)", () => {
    const broken = [{ version: "v0.9", updateComponents: { surfaceId: "s", components: [
      { id: "root", component: "Card", child: "gone" }, { id: "b", component: "Button", child: "root", actoin: {} }, { id: "x", component: "Grid" },
    ] } }];
    expect(a2uiProblems(broken)).toEqual([
      expect.stringContaining("b (Button)"), "x: Grid is not in the basic catalog", "root refers to gone, which is not defined",
    ]);
  });

  it("a grid: a row per list row with its cells in words and a Choose button that picks the row id", () => {
    const messages = widgetSurface("t_1.a0", "skillflow.grid", FLIGHTS);
    expect(a2uiProblems(messages)).toEqual([]);
    expect(messages.map((m) => Object.keys(m)[1])).toEqual(["deleteSurface", "createSurface", "updateComponents", "updateDataModel"]);
    expect(messages.every((m: any) => m.version === "v0.9" && Object.values(m)[1] && (Object.values(m)[1] as any).surfaceId === "t_1.a0")).toBe(true);
    expect(byId(messages, "header.0").text).toBe("Flight");
    expect(byId(messages, "row.1.cell.2").text).toBe("210");
    expect(byId(messages, "row.1.pick")).toMatchObject({
      component: "Button", accessibility: { label: "Choose BA500" },
      action: { event: { name: "skillflow.pick", context: { interruptId: "i_1", field: "flight_id", value: "BA500" } } },
    });
  });

  it("a grid of several rows: a checkbox per row bound to /picked, one Send that sends the ids ticked", () => {
    const grid = { field: "item_ids", columns: ["name", "price"], headers: ["Item", "Price"], many: true, interruptId: "i_3",
      rows: [{ id: "lamp", name: "Desk lamp", price: 25 }, { id: "mug", name: "Coffee mug", price: 8 }] };
    const messages = widgetSurface("t_2.a0", "skillflow.grid", grid);
    expect(a2uiProblems(messages)).toEqual([]);
    expect(byId(messages, "rows")).toMatchObject({
      component: "ChoicePicker", variant: "multipleSelection", value: { path: "/picked" },
      options: [{ label: "Desk lamp · 25", value: "lamp" }, { label: "Coffee mug · 8", value: "mug" }],
    });
    expect(byId(messages, "send").action.event).toEqual({ name: "skillflow.pick", context: { interruptId: "i_3", field: "item_ids", value: { path: "/picked" } } });
    expect(data(messages)).toEqual({ picked: [] });
  });

  it("a card and a checkout: every write in words with every input it leaves out, Yes/No (Pay/No) pressing with the card's digest", () => {
    for (const [type, yes] of [["skillflow.card", "Yes"], ["skillflow.checkout", "Pay"]] as const) {
      const messages = widgetSurface("t_3.a0", type, CARD);
      expect(a2uiProblems(messages)).toEqual([]);
      expect([byId(messages, "write.0").text, byId(messages, "write.1").text]).toEqual(["Book Hotel Baixa Nova — Nights at the hotel: 3", "Charge 1,020.00 EUR"]);
      expect(byId(messages, "yes.label").text).toBe(yes);
      expect(byId(messages, "yes").action.event).toEqual({ name: "skillflow.press", context: { interruptId: "i_2", confirm: "pay", digest: "d_abc", yes: true } });
      expect(byId(messages, "no").action.event.context).toEqual({ interruptId: "i_2", confirm: "pay", digest: "d_abc", yes: false });
    }
  });

  it("a field form: text, number, date, choices and yes/no each as its input; a secret is obscured and starts empty", () => {
    const form = (input: Record<string, unknown>, secret = false) => widgetSurface("t_4.a0", "skillflow.form", { field: "f", question: "Q?", secret, input, interruptId: "i_4" });
    const cases = [
      [form({ type: "string", minLength: 1 }), { component: "TextField", variant: "shortText" }],
      [form({ type: "number", minimum: 0 }), { component: "TextField", variant: "number" }],
      [form({ type: "string", format: "date" }), { component: "DateTimeInput", enableDate: true }],
      [form({ type: "string", pattern: "^[0-9]{6}$", writeOnly: true, format: "password" }, true), { component: "TextField", variant: "obscured" }],
    ] as const;
    for (const [messages, input] of cases) {
      expect(a2uiProblems(messages)).toEqual([]);
      expect(byId(messages, "value")).toMatchObject({ ...input, label: "Q?", value: { path: "/value" } });
      expect(byId(messages, "send").action.event).toEqual({ name: "skillflow.answer", context: { interruptId: "i_4", field: "f", value: { path: "/value" } } });
      expect(data(messages)).toEqual({ value: "" });
    }
    const choices = form({ type: "string", enum: ["plus", "basic_5"] });
    expect(a2uiProblems(choices)).toEqual([]);
    expect([byId(choices, "choice.0.label").text, byId(choices, "choice.1.label").text]).toEqual(["plus", "basic 5"]);
    expect(byId(choices, "choice.1").action.event.context).toEqual({ interruptId: "i_4", field: "f", value: "basic_5" });
    const yesNo = form({ type: "boolean" });
    expect(byId(yesNo, "choice.1").action.event.context.value).toBe(false);
  });

  it("an approval: one line, no button (it is answered on the approver's page)", () => {
    const messages = widgetSurface("t_5.a0", "skillflow.approval", { role: "supervisor", confirm: "refund", status: "waiting", card: { question: "Refund 250 EUR?" } });
    expect(a2uiProblems(messages)).toEqual([]);
    expect(byId(messages, "status").text).toBe("Waiting for supervisor to approve: Refund 250 EUR?");
    expect(components(messages).some((c) => c.component === "Button")).toBe(false);
  });

  it("draws the same widget again with the same surface and component ids, and no interrupt on an old widget", () => {
    expect(widgetSurface("t_1.a0", "skillflow.grid", FLIGHTS)).toEqual(widgetSurface("t_1.a0", "skillflow.grid", structuredClone(FLIGHTS)));
    // Shown anew (a new turn, say after a refused pick): a new surface, the same component ids.
    const again = widgetSurface("t_9.a0", "skillflow.grid", { ...FLIGHTS, interruptId: "i_7" });
    expect(components(again).map((c) => c.id)).toEqual(components(widgetSurface("t_1.a0", "skillflow.grid", FLIGHTS)).map((c) => c.id));
    const old = widgetSurface("t_1.a0", "skillflow.grid", { ...FLIGHTS, interruptId: undefined });
    expect(byId(old, "row.0.pick").action.event.context).toEqual({ field: "flight_id", value: "TP1350" });
  });
});

const input = (forwardedProps: unknown, resume: RunAgentInput["resume"] = []): RunAgentInput =>
  ({ threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps, resume }) as RunAgentInput;
const PICK_OPEN: OpenInterrupt = { id: "i_1", kind: "ask", field: "flight_id", secret: false, signature: "s", allowed: ["TP1350", "BA500"] };
const CARD_OPEN: OpenInterrupt = { id: "i_2", kind: "confirm", confirm: "pay", card: "d_abc", signature: "s" };
const action = (name: string, context: Record<string, unknown>) => ({ a2uiAction: { userAction: { name, surfaceId: "t_1.a0", sourceComponentId: "x", timestamp: "2027-03-01T09:00:00Z", context } } });

describe("an A2UI action back as the AG-UI resume entry", () => {
  it("a pick, an answer and a press become the resume entries the AG-UI path takes (a cancelled entry for it dropped)", () => {
    const pick = withA2uiAction(input(action("skillflow.pick", { interruptId: "i_1", field: "flight_id", value: "BA500" }), [{ interruptId: "i_1", status: "cancelled" }]), PICK_OPEN);
    expect(pick).toMatchObject({ ok: true, input: { resume: [{ interruptId: "i_1", status: "resolved", payload: { flight_id: "BA500" } }] } });
    const press = withA2uiAction(input(action("skillflow.press", { interruptId: "i_2", confirm: "pay", digest: "d_abc", yes: true })), CARD_OPEN);
    expect(press).toMatchObject({ ok: true, input: { resume: [{ interruptId: "i_2", status: "resolved", payload: { yes: true } }] } });
    expect(withA2uiAction(input({}), PICK_OPEN)).toMatchObject({ ok: true, input: { resume: [] } });
    // A resolved entry for the same interrupt stays: the run's plan refuses the two answers (duplicate_resume).
    const both = withA2uiAction(input(action("skillflow.pick", { interruptId: "i_1", field: "flight_id", value: "BA500" }), [{ interruptId: "i_1", status: "resolved", payload: { flight_id: "TP1350" } }]), PICK_OPEN);
    expect(both.ok && both.input.resume!.map((r) => r.interruptId)).toEqual(["i_1", "i_1"]);
  });

  it("refuses a press whose digest is stale or missing, and an answer shaped as a press, with one sentence", () => {
    const stale = withA2uiAction(input(action("skillflow.press", { interruptId: "i_2", confirm: "pay", digest: "d_old", yes: true })), CARD_OPEN);
    expect(stale).toEqual({ ok: false, code: "stale_card", message: 'The card "pay" pressed is not the card open now (its digest differs): nothing was written. Look at the card again and press it there.' });
    const missing = withA2uiAction(input(action("skillflow.press", { interruptId: "i_2", confirm: "pay", yes: true })), CARD_OPEN);
    expect(missing).toMatchObject({ ok: false, code: "stale_card" });
    const dodge = withA2uiAction(input(action("skillflow.answer", { interruptId: "i_2", field: "yes", value: true })), CARD_OPEN);
    expect(dodge).toMatchObject({ ok: false, code: "bad_payload" });
    expect(withA2uiAction(input(action("skillflow.pick", { field: "flight_id", value: "BA500" })), PICK_OPEN)).toMatchObject({ ok: false, code: "interrupt_not_open" });
    expect(withA2uiAction(input(action("delete_everything", { interruptId: "i_1" })), PICK_OPEN)).toMatchObject({ ok: false, code: "bad_payload" });
    expect(withA2uiAction(input({ a2uiAction: "press" }), PICK_OPEN)).toMatchObject({ ok: false, code: "bad_payload" });
  });

  it("reads the widget form a run asks for: agui by default, a2ui on request, anything else refused", () => {
    expect(widgetFormOf(input(undefined))).toEqual({ ok: true, form: "agui" });
    expect(widgetFormOf(input({ skillflow: { ui: "a2ui" } }))).toEqual({ ok: true, form: "a2ui" });
    expect(widgetFormOf(input({ skillflow: { ui: "A2UI" } }))).toEqual({ ok: false, message: 'forwardedProps.skillflow.ui is "agui" or "a2ui", not "A2UI".' });
  });
});

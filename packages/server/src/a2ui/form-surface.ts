/**
 * A plain field (`skillflow.form`) as an A2UI surface, drawn from its value's JSON Schema (`input`, as in
 * the interrupt): choices and yes/no are a button each, whose action carries the value itself; a date
 * is a DateTimeInput, a number a number TextField, anything else a text TextField — each bound to
 * `/value` and sent by a Send button as `skillflow.answer { interruptId, field, value: { path: "/value" } }`.
 * A secret (`secret`, or `writeOnly` in its schema) is an `obscured` TextField (a password input). The
 * data model starts empty and this server never puts an answer in it, so nothing typed is echoed;
 * `sendDataModel` is left off, so what is typed leaves the browser only in the Send action. No client
 * check refuses what the person types: the runtime checks it and says why. Pure.
 */
import { A2UI_ACTION, button, card, column, interrupt, row, surface, text, type A2uiComponent, type A2uiMessage } from "./a2ui-components.js";

export interface FormContent {
  field: string;
  question?: string;
  secret: boolean;
  input: { type?: string; enum?: string[]; format?: string; writeOnly?: boolean };
  interruptId?: string;
}

export function formSurface(surfaceId: string, form: FormContent): A2uiMessage[] {
  const label = form.question ?? words(form.field);
  const options = form.input.enum ?? (form.input.type === "boolean" ? [true, false] : undefined);
  if (options) {
    const buttons = options.map((value, i) => button(`choice.${i}`, value === true ? "Yes" : value === false ? "No" : words(String(value)), A2UI_ACTION.answer, { ...interrupt(form), field: form.field, value }));
    return surface(surfaceId, [
      card("root", "body"), column("body", ["question", "choices"]), text("question", label, "h4"),
      row("choices", buttons.map((b) => b[0]!.id)), ...buttons.flat(),
    ]);
  }
  const send = button("send", "Send", A2UI_ACTION.answer, { ...interrupt(form), field: form.field, value: { path: "/value" } }, { primary: true });
  return surface(surfaceId, [card("root", "body"), column("body", ["value", "send"]), inputOf(form, label), ...send], { value: "" });
}

function inputOf(form: FormContent, label: string): A2uiComponent {
  const value = { path: "/value" };
  if (form.secret || form.input.writeOnly) return { id: "value", component: "TextField", label, value, variant: "obscured" };
  if (form.input.format === "date") return { id: "value", component: "DateTimeInput", label, value, enableDate: true };
  const numeric = form.input.type === "number" || form.input.type === "integer";
  return { id: "value", component: "TextField", label, value, variant: numeric ? "number" : "shortText" };
}

/** `keep_roaming` → `keep roaming`, as the chat page writes a choice. */
function words(name: string): string {
  return name.replace(/_/g, " ");
}

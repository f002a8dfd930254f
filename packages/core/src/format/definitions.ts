/**
 * The keys of the Fields and Steps blocks, and the form of every value, declared once as data. The
 * parser reads these (which step kinds exist, which extra keys each kind takes, the shapes, the flags,
 * the options of a range, the form a value must have: `value-forms.ts`), and `skill-schema.ts` turns
 * the same data into the JSON Schema shipped with @skillflow/core, so the two cannot drift apart
 * (test/skill-schema.test.ts fails when they disagree). Pure data.
 */
import type { StepKind } from "./ir.js";

/** The form of a leaf value, as the parser reads it (`value-forms.ts` says exactly what fits). */
export type LeafForm =
  /** Text with something in it; a number or `true` counts as the text it is written as. */
  | "text"
  /** Any scalar but nothing: text (even empty), a number or a boolean. */
  | "scalar"
  /** A plain name: letters, digits and `_`, not starting with a digit (and not `__proto__`). */
  | "name"
  /** A widget name: like a name, and `-` may follow the first letter. */
  | "widget"
  /** A CEL condition or list: text with something in it (checked as CEL after parsing). */
  | "expression"
  /** Text with `{expression}` holes: text with something in it. */
  | "template"
  /** `true`, or nothing after the colon. */
  | "true"
  | "boolean"
  /** Text that is a valid JavaScript regular expression. */
  | "regex"
  /** A loop's bound: a whole number from 1 to 100 (`at_most:`). */
  | "bound";

/** How a number is read: any finite number, a whole number, or a whole number from 0. */
export type NumberForm = "number" | "integer" | "count";

export type ValueForm =
  | LeafForm
  /** A non-empty list of distinct scalars (compared as written). */
  | "words"
  /** One entry: a name and its question (template). */
  | "question"
  /** At least one entry: a condition (the key) and the message shown when it is false (text). */
  | "checks"
  /** A non-empty list of steps. */
  | "steps"
  /** At least one entry: a value (the key, a word) and the non-empty list of steps run for it. */
  | "cases"
  /** Each choice mapped to a word or a list of words. */
  | "synonyms"
  /** A non-empty list of distinct names, or a mapping of names to text (a grid's columns and headers). */
  | "columns"
  /** At least one entry: a name (a tool input) and an expression (its value). */
  | "bindings"
  /** At least one entry: a name (an option's key) and text (its label). */
  | "options"
  /** `true`, nothing, or a mapping of these options (all optional). */
  | { range: Readonly<Record<string, NumberForm>> }
  /** One of these words, exactly as written. */
  | { oneOf: readonly string[] }
  /**
   * A mapping with these keys, each required unless it says `optional`; with `variants`, it is exactly
   * one of them: the keys a variant requires are there and those it forbids are not.
   */
  | { mapping: Readonly<Record<string, KeyDef>>; variants?: readonly MappingVariant[] };

/** One way to fill a mapping form (`repeat:` over a list, or until a condition). */
export interface MappingVariant {
  required: readonly string[];
  forbids: readonly string[];
}

export interface KeyDef {
  form: ValueForm;
  /** One sentence for people: docs, the schema's `description`, completion and hover in editors. */
  doc: string;
  /** What the parser also requires that JSON Schema cannot say (kept in the schema's `$comment`). */
  alsoChecked?: string;
  /** In a `mapping` form: the key may be left out. */
  optional?: true;
}

export interface StepKindDef extends KeyDef {
  /** The keys this kind takes besides its own. */
  extras: readonly StepExtra[];
  /** Those of its extras it cannot do without. */
  needs?: readonly StepExtra[];
}

export const STEP_EXTRAS = {
  from: { form: "expression", doc: "The answer is a pick: the `id` of one row of this lookup's list, like `search_flights.flights`." },
  many: { form: "boolean", doc: "With `from:`: `true` makes the answer a list of row ids, several rows of the list picked together (each once, at least one).", alsoChecked: "the ask has `from:`" },
  widget: { form: "widget", doc: "Render this step with the named widget (a grid, a card, a checkout)." },
  check: { form: "checks", doc: "On an `ask`: conditions on the answer, each with the message shown when it is false; the answer is refused and asked again. On a `repeat` with `as:`: conditions over every pass, checked before the steps after the loop; a false one shows its message and asks which pass to change." },
  columns: { form: "columns", doc: "The row properties a pick's grid shows, in order, each with its header: `{ name: Hotel, nightly_rate: \"Per night (EUR)\" }`, or a list of names.", alsoChecked: "the ask has `from:`, and each name is a property of the rows of its list" },
  with: { form: "bindings", doc: "Inputs of the tool bound from expressions instead of by name: `{ zip: new_zip, item_ids: \"changes.map(c, c.item_id)\" }`; each value is CEL over fields, tool outputs and loop variables.", alsoChecked: "each name is an input of the tool, each value's type fits the input, and a lookup has one `with:` (it binds the lookup wherever it is read)" },
  card: { form: "template", doc: "With `do:` of a write: the words its line on a confirmation card reads, like `\"Hold flight {flight_id} ({flight_id.carrier}, departs {date(flight_id.departs)})\"`; holes read anything in scope at the step. Inputs the words leave out are listed under them with their descriptions.", alsoChecked: "the tool is a write, and the holes name known values" },
  tell: { form: "template", doc: "With `handoff:` or `end:`: what the person is told as the conversation is handed over or ends, like `\"You are being transferred to a human agent.\"`." },
  status: { form: { oneOf: ["success", "failed"] }, doc: "With `end:`: how the conversation ended, `success` or `failed`." },
  by: { form: "text", doc: "The role that must approve (on `confirm:`) or choose (on `decide:`), from outside the conversation; the answer cannot come from the chat." },
  options: { form: "options", doc: "With `decide:`: the options, each a key (the value the decision takes) and the words shown for it, like `{ send_back: \"Send it back to the developer\", stop: \"Stop the work\" }`.", alsoChecked: "no key is `no` when the decide has `by:` (a role's no is a way of its own)" },
  steps: { form: "steps", doc: "The nested steps." },
  cases: { form: "cases", doc: "With `switch:`: each possible value mapped to the steps run when the value is that one, like `{ credit_card: [ … ], gift_card: [ … ] }`; exactly one way runs.", alsoChecked: "each key is a possible value of the switch, and without `else:` the keys name every possible value" },
  else: { form: "steps", doc: "With `switch:`: the steps run when the value is none of the cases'. With `when:`: the steps run when the condition is false." },
  exhausted: { form: "steps", doc: "With `repeat: { until:, at_most: }`: the steps run when the last allowed pass ends and `until` is still false (not run when the loop ends on its condition)." },
} as const satisfies Record<string, KeyDef>;

export type StepExtra = keyof typeof STEP_EXTRAS;

export const STEP_KINDS = {
  say: { form: "template", doc: "Tell the person something; said once per rendered text.", extras: [] },
  ask: { form: "question", doc: "Ask for a field (`{ field: question }`) and stop here until it has a valid value.", extras: ["from", "many", "widget", "columns", "check"] },
  do: { form: "name", doc: "Run a tool: a lookup now; a write only after a confirm, with the confirmed inputs, once.", extras: ["with", "card"] },
  handoff: { form: "name", doc: "Hand the conversation to a person outside it (a human agent): run this hand-off tool once, with no confirm, say `tell:`, and end the conversation; later messages are answered with one fixed sentence.", extras: ["with", "tell"], needs: ["tell"] },
  end: { form: "name", doc: "End the conversation with this outcome (a name, like `card_invalid`): say `tell:`, report the outcome and its `status:`, and answer later messages with one fixed sentence.", extras: ["status", "tell"], needs: ["status", "tell"] },
  confirm: { form: "question", doc: "Stop until the person says yes (`{ id: question }`) to a card listing the writes below and their exact inputs.", extras: ["by", "widget"] },
  decide: { form: "question", doc: "Stop until a choice between `options:` is made (`{ id: question }`): by the person in the conversation (a button, or the option typed), or with `by:` by that role from outside it; the id is then the option's key (or `no` when the role declines).", alsoChecked: "the decision's id is not a field declared in Fields, and two decides of one id have the same option keys and role", extras: ["options", "by"], needs: ["options"] },
  chat: { form: "text", doc: "Let the model answer freely (read-only) with these instructions; it sets nothing itself.", extras: [] },
  when: { form: "expression", doc: "Run the nested `steps:` only while this condition is true (and the `else:` steps, when written, while it is false).", extras: ["steps", "else"], needs: ["steps"] },
  switch: {
    form: "expression",
    doc: "Several ways on one answer: run the `cases:` entry named by this value (a choices field, a tool output declared `z.enum`), or `else:` when none is; exactly one way runs.",
    extras: ["cases", "else"],
    needs: ["cases"],
  },
  repeat: {
    form: {
      mapping: {
        for: { form: "name", doc: "The name of each element inside the nested steps (with `until:`, the pass number: 1 for the first).", alsoChecked: "required with `in:`", optional: true },
        in: { form: "expression", doc: "The list to go through, like `order.items`.", alsoChecked: "exactly one of `in:` and `until:`", optional: true },
        until: { form: "expression", doc: "A loop that ends on a condition: evaluated when a pass has run to its end, with the body's names meaning that pass's values; the loop ends when it is true.", alsoChecked: "exactly one of `in:` and `until:`, and `at_most:` beside it; the condition is a boolean", optional: true },
        at_most: { form: "bound", doc: "With `until:`: the most passes the loop runs (a whole number from 1 to 100); `exhausted:` runs when the last one ends without the condition.", alsoChecked: "required with `until:`", optional: true },
        as: {
          form: "name",
          doc: "A name for the answers of every pass, gathered as a list of records: `{ for: line, in: lines, as: changes }` gives `changes.map(c, c.new_item_id)`. With `until:`, each record also holds each tool run in the pass (its output, under the tool's name) and the pass number; inside the body it is the earlier passes.",
          alsoChecked: "the name is not a field, a tool, a loop variable or another repeat's `as:`",
          optional: true,
        },
      },
      /** A loop over a list, or a loop until a condition. */
      variants: [{ required: ["for", "in"], forbids: ["until", "at_most"] }, { required: ["until", "at_most"], forbids: ["in"] }],
    },
    doc: "Run the nested `steps:` once per element of a list (`{ for: item, in: list }`), or again until a condition holds (`{ until: condition, at_most: 3 }`, with `exhausted:` for when it never does); `as: name` gathers the answers of every pass, and `check:` (with `as:`, over a list) checks them together.",
    extras: ["steps", "exhausted", "check"],
    needs: ["steps"],
  },
} as const satisfies Record<StepKind, StepKindDef>;

export const SHAPES = {
  choices: { form: "words", doc: "One of these words, like `[economy, premium]`.", alsoChecked: "no word twice, compared as written (`1` and `\"1\"` are the same word)" },
  pattern: { form: "regex", doc: "Text matching this regular expression, like `\"^[A-Z]{2}-[0-9]{6}$\"`." },
  number: { form: { range: { min: "integer", max: "integer" } }, doc: "A whole number, optionally `{ min, max }`.", alsoChecked: "`min` is not above `max`" },
  decimal: { form: { range: { min: "number", max: "number", places: "count" } }, doc: "A number, optionally `{ min, max, places }`.", alsoChecked: "`min` is not above `max`" },
  lookup: { form: "name", doc: "A value this lookup recognises: its output must say `known: true` for it." },
  text: { form: "true", doc: "Any text." },
  date: { form: "true", doc: "A date." },
  yes_no: { form: "true", doc: "Yes or no." },
} as const satisfies Record<string, KeyDef>;

export type ShapeKey = keyof typeof SHAPES;

export const FIELD_FLAGS = {
  secret: { form: "boolean", doc: "Only the person may give it: never sent to or taken from the model, never logged in clear." },
  message: { form: "scalar", doc: "The refusal shown for a value that does not fit the shape." },
  synonyms: { form: "synonyms", doc: "Extra words that mean a choice, like `{ economy: [coach, standard] }` (with `choices:` only).", alsoChecked: "each key is one of the field's choices" },
  description: { form: "scalar", doc: "Plain words for people (the procedure, the model's prompt)." },
  cue: { form: "words", doc: "Words a person uses for this secret, like `[PIN, passcode]`: typed next to a match before it is asked (\"my PIN is 4071\"), the match is hidden from the model (with `secret: true` only).", alsoChecked: "the field is `secret: true`" },
  typed: { form: "boolean", doc: "The value must be in the person's own words: a value the model proposes is taken only when it appears in what they typed (letter case and spacing aside), so a model never fills it with a value the person did not give (with `text:`, `pattern:` and `lookup:` only).", alsoChecked: "the field's shape is `text:`, `pattern:` or `lookup:`" },
  default: { form: "expression", doc: "An expression the field starts from, like `\"get_order_details.address.city\"`: when its ask is reached with no answer and this has a value that fits, the field takes it (shown as a default, following the expression until the person gives a value) and the ask does not stop (not with `secret: true` or `keep:`).", alsoChecked: "it type-checks and its type fits the field's shape; the field is not `secret: true` and not `keep:`" },
  keep: { form: { oneOf: ["conversation"] }, doc: "`keep: conversation`: an answer a finished (or held) request passed its ask with is given to the later requests of the conversation that keep the field too: checked again, not asked again while it passes, never changed while it passes (not with `secret: true`)." },
} as const satisfies Record<string, KeyDef>;

export type FieldFlag = keyof typeof FIELD_FLAGS;

/** Flags that only go with some shapes. */
export const FLAG_ONLY_WITH: Partial<Record<FieldFlag, readonly ShapeKey[]>> = { synonyms: ["choices"], typed: ["text", "pattern", "lookup"] };

/** Every step kind, in the order the format lists them. */
export const STEP_KIND_NAMES = Object.keys(STEP_KINDS) as StepKind[];
export const STEP_EXTRA_NAMES = Object.keys(STEP_EXTRAS) as StepExtra[];
export const SHAPE_KEYS = Object.keys(SHAPES) as ShapeKey[];
export const FLAG_KEYS = Object.keys(FIELD_FLAGS) as FieldFlag[];

/** Is `key` one of the names of `defs` (own keys only, so `constructor` is not)? */
export function isKeyOf<T extends object>(defs: T, key: string | undefined): key is Extract<keyof T, string> {
  return key !== undefined && Object.hasOwn(defs, key);
}

/** The measures a `## Limits` scope may set, as the IR names them (`LimitValues`). */
export const LIMIT_MEASURES = {
  model_calls: { form: "count", key: "modelCalls", doc: "Model calls: a whole number from 0." },
  tokens: { form: "count", key: "tokens", doc: "Input plus output tokens, as the provider reports them: a whole number from 0." },
  cost: { form: "amount", key: "cost", doc: "Estimated model cost, at the model's price (US dollars for the default prices): a number from 0." },
} as const;

export type LimitMeasure = keyof typeof LIMIT_MEASURES;

/** The scopes of the `## Limits` block. */
export const LIMIT_SCOPES = {
  turn: { doc: "What one message may use." },
  conversation: { doc: "What the whole conversation may use." },
} as const;

export type LimitScope = keyof typeof LIMIT_SCOPES;

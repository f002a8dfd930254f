/**
 * Generated skills for the confirm properties (issue 8): small SKILL.md texts with `when`, `repeat`,
 * several confirms (some `by:`), asks of fields between confirms and writes (a rating nothing reads, a
 * secret PIN passed by a lookup's `check:`, a pick from a lookup's list), lookups whose inputs take fields,
 * and writes that take fields, lookup outputs or the loop row. Parsed and checked from their text, as a
 * user's skill is. The fake tools answer from their inputs, so a changed answer changes what they return.
 */
import fc from "fast-check";
import type { ToolInfo } from "../../../packages/core/src/format/ir.js";
import { T, toolInfo, type Fake } from "../../../packages/core/test/runtime/host.js";

export type Field = "a" | "b" | "n" | "rating";
export type Write = "book" | "charge" | "mail" | "hold" | "ship" | "note" | "buy";
export type Role = "supervisor" | "manager";

export type Node =
  | { ask: Field | "pin" | "item" }
  | { do: Write | "quote" | "stock" }
  | { confirm: string; by?: Role; pay: boolean }
  | { say: boolean }
  | { when: string; steps: Node[] }
  | { repeat: true; steps: Node[] };

/** Conditions of `when`s: over fields, over lookups that take fields, and the PIN's lookup. */
export const CONDITIONS = ['a == "x"', '!(a == "x")', "quote.amount > 100", "stock.ok", "rating > 3", "n > 1", "verify_pin.valid"];

const ROW = T.obj({ id: T.str, price: T.int });

/** The tools, as the loader would describe them from tools.ts. */
export const TOOLS: Record<string, ToolInfo> = Object.fromEntries([
  toolInfo("quote", "lookup", { a: T.str }, { amount: T.int, rows: T.list(ROW) }),
  toolInfo("stock", "lookup", { b: T.str }, { ok: T.bool }),
  toolInfo("verify_pin", "lookup", { pin: T.str }, { valid: T.bool }),
  // Writes with card words that show every input, as a well-described tools.ts has (`card-words`).
  { ...toolInfo("book", "write", { a: T.str }, { ref: T.str }), card: "Book {a}" },
  { ...toolInfo("charge", "write", { amount: T.int }, { charged: T.int }), card: "Charge {amount}" },
  { ...toolInfo("mail", "write", { b: T.str }, { sent: T.bool }), card: "Mail {b}" },
  { ...toolInfo("hold", "write", { n: T.int }, { held: T.int }), card: "Hold {n}" },
  { ...toolInfo("ship", "write", { item: T.str }, { tracking: T.str }), card: "Ship {item}" },
  { ...toolInfo("note", "write", {}, { noted: T.bool }), card: "Leave a note" },
  { ...toolInfo("buy", "write", { it: ROW }, { bought: T.str }), card: "Buy a row", params: [{ name: "it", type: ROW, optional: false, description: "the row bought" }] },
].map((t) => [t.name, t]));

export const WRITES = Object.values(TOOLS).filter((t) => t.kind === "write").map((t) => t.name);

/** Rows per value of `a`: one row, two rows (one shared id with other prices), none. */
const ROWS: Record<string, Array<{ id: string; price: number }>> = {
  x: [{ id: "R1", price: 10 }],
  y: [{ id: "R1", price: 20 }, { id: "R2", price: 30 }],
  z: [],
};
const AMOUNT: Record<string, number> = { x: 50, y: 150, z: 500 };

/** Fake lookups that answer from their inputs; writes echo what they were given. */
export function lookupFakes(): Record<string, Fake> {
  return {
    quote: ({ a }) => ({ amount: AMOUNT[String(a)] ?? 0, rows: ROWS[String(a)] ?? [] }),
    stock: ({ b }) => ({ ok: b === "p" }),
    verify_pin: ({ pin }) => ({ valid: pin === "1234" }),
  };
}

export function writeOutput(tool: string, inputs: Record<string, unknown>): unknown {
  switch (tool) {
    case "book": return { ref: `B-${String(inputs.a)}` };
    case "charge": return { charged: inputs.amount };
    case "mail": return { sent: true };
    case "hold": return { held: inputs.n };
    case "ship": return { tracking: `T-${String(inputs.item)}` };
    case "buy": return { bought: String((inputs.it as { id?: unknown })?.id) };
    default: return { noted: true };
  }
}

const FIELDS_YAML = `a: { choices: [x, y, z] }
b: { choices: [p, q] }
n: { number: { min: 1, max: 3 } }
rating:
  number: { min: 1, max: 5 }
  description: how the customer rates the service
pin: { pattern: "^[0-9]{4}$", secret: true, message: "A PIN has 4 digits." }`;

const leafAt = (inLoop: boolean): fc.Arbitrary<Node> => fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Field>("a", "b", "n", "rating").map((f): Node => ({ ask: f })) },
  { weight: 1, arbitrary: fc.constantFrom<"pin" | "item">("pin", "item").map((f): Node => ({ ask: f })) },
  { weight: 1, arbitrary: fc.constantFrom<"quote" | "stock">("quote", "stock").map((t): Node => ({ do: t })) },
  { weight: 4, arbitrary: fc.constantFrom<Write>(...(inLoop ? WRITES : WRITES.filter((w) => w !== "buy")) as Write[]).map((t): Node => ({ do: t })) },
  { weight: 4, arbitrary: fc.record({ by: fc.constantFrom<Role | undefined>(undefined, undefined, undefined, "supervisor", "manager"), pay: fc.boolean() })
    .map(({ by, pay }): Node => ({ confirm: "c", pay, ...(by ? { by } : {}) })) },
  { weight: 1, arbitrary: fc.boolean().map((say): Node => ({ say })) },
);

function stepsAt(depth: number, inLoop: boolean): fc.Arbitrary<Node[]> {
  const blocks: Array<fc.WeightedArbitrary<Node>> = [{ weight: 6, arbitrary: leafAt(inLoop) }];
  if (depth > 0) {
    blocks.push({ weight: 1, arbitrary: fc.record({ when: fc.constantFrom(...CONDITIONS), steps: stepsAt(depth - 1, inLoop) }) });
    if (!inLoop) blocks.push({ weight: 1, arbitrary: stepsAt(depth - 1, true).map((steps): Node => ({ repeat: true, steps })) });
  }
  return fc.array(fc.oneof(...blocks), { minLength: 1, maxLength: depth === 2 ? 7 : 3 });
}

/**
 * A prelude of asks, then the generated steps (half the time after a first confirm). Two times in three
 * the prelude also asks every field the steps use and never ask, and one time in three `a` too (the
 * input of `quote`), so more skills load; the rest are left to the checker.
 */
export const skillSpec: fc.Arbitrary<Node[]> = fc
  .tuple(fc.shuffledSubarray<Field>(["a", "b", "n"]), stepsAt(2, false), fc.nat({ max: 2 }), fc.boolean())
  .map(([prelude, generated, repair, confirmFirst]) => {
    const asks: Node[] = (repair === 2 && !prelude.includes("a") ? ["a" as Field, ...prelude] : prelude).map((f): Node => ({ ask: f }));
    const body: Node[] = confirmFirst ? [{ confirm: "c", pay: false }, ...generated] : generated;
    if (repair > 0) {
      const missing = [...usedFields(body)].filter((f) => !askedIn(body).has(f) && !asks.some((a) => "ask" in a && a.ask === f));
      for (const f of ["a", "b", "n", "rating", "pin", "item"]) if (missing.includes(f)) asks.push({ ask: f as Field });
    }
    return tidy([...asks, ...body]);
  });

const USES: Record<string, string[]> = { book: ["a"], charge: ["a"], quote: ["a"], mail: ["b"], stock: ["b"], hold: ["n"], ship: ["item", "a"] };

/** The fields steps read: tool inputs (through lookups) and conditions. */
function usedFields(nodes: Node[]): Set<string> {
  const out = new Set<string>();
  for (const node of nodes) {
    if ("do" in node) for (const f of USES[node.do] ?? []) out.add(f);
    if ("ask" in node && node.ask === "item") out.add("a");
    if (("confirm" in node && node.pay) || ("say" in node && node.say) || "repeat" in node) out.add("a");
    if ("when" in node) for (const [f, re] of [["a", /\ba ==|quote/], ["b", /stock/], ["rating", /rating/], ["n", /\bn >/], ["pin", /verify_pin/]] as const) if (re.test(node.when)) out.add(f);
    if ("steps" in node) for (const f of usedFields(node.steps)) out.add(f);
  }
  return out;
}

function askedIn(nodes: Node[]): Set<string> {
  const out = new Set<string>();
  for (const node of nodes) {
    if ("ask" in node) out.add(node.ask);
    if ("steps" in node) for (const f of askedIn(node.steps)) out.add(f);
  }
  return out;
}

/** Each field asked once (later asks dropped), confirms numbered c1, c2, … in reading order. */
export function tidy(nodes: Node[]): Node[] {
  const asked = new Set<string>();
  let n = 0;
  const visit = (list: Node[]): Node[] => list.flatMap((node): Node[] => {
    if ("ask" in node) {
      if (asked.has(node.ask)) return [];
      asked.add(node.ask);
      return [node];
    }
    if ("confirm" in node) return [{ ...node, confirm: `c${++n}` }];
    if ("when" in node || "repeat" in node) {
      const steps = visit(node.steps);
      return [{ ...node, steps: steps.length > 0 ? steps : [{ say: false }] }];
    }
    return [node];
  });
  return visit(nodes);
}

/** The SKILL.md text of generated steps. */
export function skillText(nodes: Node[]): string {
  const steps = nodes.map((n) => yamlOf(n, "")).join("\n");
  return `---\nname: generated\ndescription: A generated skill for the confirm properties.\n---\n\n## Fields\n\n\`\`\`yaml\n${FIELDS_YAML}\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps}\n\`\`\`\n`;
}

function yamlOf(node: Node, indent: string): string {
  const i = indent;
  if ("ask" in node) {
    if (node.ask === "pin") return `${i}- ask: { pin: "Please type your PIN." }\n${i}  check:\n${i}    verify_pin.valid: "That PIN is not right."`;
    if (node.ask === "item") return `${i}- ask: { item: "Which item?" }\n${i}  from: quote.rows`;
    return `${i}- ask: { ${node.ask}: "What is ${node.ask}?" }`;
  }
  if ("do" in node) return `${i}- do: ${node.do}`;
  if ("confirm" in node) {
    const q = node.pay ? "Pay {quote.amount}?" : "Go ahead?";
    return `${i}- confirm: { ${node.confirm}: "${q}" }${node.by ? `\n${i}  by: ${node.by}` : ""}`;
  }
  if ("say" in node) return `${i}- say: "${node.say ? "The quote is {quote.amount}." : "Noted."}"`;
  const head = "when" in node ? `${i}- when: '${node.when}'` : `${i}- repeat: { for: it, in: quote.rows }`;
  return `${head}\n${i}  steps:\n${node.steps.map((s) => yamlOf(s, `${i}    `)).join("\n")}`;
}

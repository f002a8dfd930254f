/**
 * The fake shop agent-refund answers from: customers, their orders and the lines of each order. Plain
 * data and pure functions. One customer's order service is "down": its lookup answers with a failure as
 * data, so the skill can show how a failing tool is branched on instead of ending the conversation.
 */

export interface Line {
  id: string;
  name: string;
  /** Words a customer may use for it. */
  words: string[];
  /** Price paid, EUR. */
  price: number;
}

export interface Order {
  id: string;
  customer: string;
  placed: string;
  lines: Line[];
}

export const customers: Record<string, { id: string; name: string }> = {
  "maria@example.com": { id: "C-1", name: "Maria" },
  "tom@example.com": { id: "C-2", name: "Tom" },
  "ines@example.com": { id: "C-3", name: "Ines" },
};

/** Customers whose order service does not answer (the lookup reports it as data). */
export const ORDERS_DOWN = new Set(["C-3"]);

export const orders: Order[] = [
  { id: "A-0950", customer: "C-1", placed: "2027-01-12", lines: [{ id: "L1", name: "Kitchen scale", words: ["scale"], price: 24.9 }] },
  {
    id: "A-1001", customer: "C-1", placed: "2027-02-20",
    lines: [
      { id: "L1", name: "Espresso machine", words: ["espresso", "coffee", "machine"], price: 189 },
      { id: "L2", name: "Milk jug", words: ["milk", "jug", "pitcher"], price: 19.5 },
    ],
  },
];

/** The customer's latest order, or undefined when they have none. */
export function lastOrderOf(customer: string): Order | undefined {
  return orders.filter((o) => o.customer === customer).sort((a, b) => b.placed.localeCompare(a.placed))[0];
}

/** The one line of `order` the description names (a word of the line in it), or undefined for none or several. */
export function matchLine(order: Order, description: string): Line | undefined {
  const said = description.toLowerCase();
  const found = order.lines.filter((line) => line.words.some((w) => said.includes(w)));
  return found.length === 1 ? found[0] : undefined;
}

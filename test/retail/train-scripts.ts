/**
 * Scripted conversations for τ²-bench retail train tasks, written by hand from each task's user
 * instructions (tasks-train.json): what the person types, and what a model would extract from it. The
 * extractions name only what the person said (their name and zip or email, the order, the reason); ids
 * the person does not know (a user id, a payment method id) never appear in them. Pure data.
 */

export type Turn =
  | { text: string; model: Record<string, unknown> }
  | { press: string; yes?: boolean }
  | { pick: Record<string, unknown> };

export interface TrainScript {
  id: string;
  title: string;
  turns: Turn[];
  /** Writes that ran, in order. */
  writes: string[];
  /** Texts the person must have been shown. */
  says?: string[];
}

const byName = (first_name: string, last_name: string, zip: string) => ({ sign_in: "name_and_zip", first_name, last_name, zip });
const byEmail = (email: string) => ({ sign_in: "email", email });

/** One cancel request, start to yes, as its own run of cancel_order. */
function cancel(signIn: Record<string, unknown>, order_id: string, reason: string, text = "I want to cancel an order"): Turn[] {
  return [
    { text, model: { skill: "cancel_order", ...signIn, order_id } },
    { text: `It's because it is ${reason}`, model: { reason } },
    { press: "cancel" },
  ];
}

export const TRAIN_SCRIPTS: TrainScript[] = [
  {
    id: "66",
    title: "the luggage set cannot become a coat, so the whole order is cancelled",
    turns: cancel(byName("Aarav", "Lee", "85025"), "#W3361211", "no longer needed"),
    writes: ["cancel_pending_order"],
  },
  {
    id: "69",
    title: "the laptop is not delivered yet, so it is cancelled instead of returned",
    turns: cancel(byName("Emma", "Smith", "10192"), "#W2417020", "no longer needed"),
    writes: ["cancel_pending_order"],
  },
  {
    id: "88",
    title: "the bookshelf order is cancelled, ordered by mistake",
    turns: cancel(byEmail("daiki.silva6295@example.com"), "#W8835847", "ordered by mistake"),
    writes: ["cancel_pending_order"],
  },
  {
    id: "76",
    title: "two pending orders cancelled, each for its own reason (two requests, each signing in)",
    turns: [
      ...cancel(byName("Ava", "Nguyen", "94128"), "#W8367380", "ordered by mistake"),
      ...cancel(byName("Ava", "Nguyen", "94128"), "#W1242543", "no longer needed", "Now cancel the skateboard order"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "81",
    title: "two pending orders cancelled, no longer needed",
    turns: [
      ...cancel(byEmail("james.kim1995@example.com"), "#W3289292", "no longer needed"),
      ...cancel(byEmail("james.kim1995@example.com"), "#W9722559", "no longer needed", "And cancel the other one too"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "113",
    title: "every pending order cancelled, ordered by mistake",
    turns: [
      ...cancel(byName("Yara", "Muller", "85041"), "#W5056519", "ordered by mistake"),
      ...cancel(byName("Yara", "Muller", "85041"), "#W5995614", "ordered by mistake", "Cancel my other pending order as well"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "10",
    title: "refunds to the other order's payment method are out of scope: a human agent",
    turns: [
      { text: "I want a human. Refund each of my orders to the other order's card.", model: { skill: "human_agent", summary: "The user wants to refund each order to the other order's payment method." } },
      { press: "transfer" },
    ],
    writes: ["transfer_to_human_agents"],
    says: ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."],
  },
  {
    id: "50",
    title: "undoing a cancellation is out of scope: a human agent",
    turns: [
      { text: "Undo the cancellation of my order and rush it to me!", model: { skill: "human_agent", summary: "The user urgently wants a cancelled order reinstated and delivered as soon as possible." } },
      { press: "transfer" },
    ],
    writes: ["transfer_to_human_agents"],
    says: ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."],
  },
  {
    id: "24",
    title: "the grill cancel is declined at the card, then the other order's t-shirts are listed",
    turns: [
      { text: "I want to cancel the grill. I'm Sofia Hernandez, Seattle 98193", model: { skill: "cancel_order", ...byName("Sofia", "Hernandez", "98193"), order_id: "#W3561391" } },
      { text: "I don't need it anymore", model: { reason: "no longer needed" } },
      { press: "cancel", yes: false },
      { text: "Actually I'll keep it. Which t-shirts are in my other order #W9609649?", model: { intent: "switch", skill: "order_details", ...byName("Sofia", "Hernandez", "98193"), order_id: "#W9609649" } },
    ],
    writes: [],
    says: ["You said no, so nothing was run.", "Order #W9609649 is processed. It holds: E-Reader", "T-Shirt (item 9612497925", "T-Shirt (item 1176194968"],
  },
  {
    id: "67",
    title: "two wrong zip codes refused, then the latest order's payment read back",
    turns: [
      { text: "How much did I pay for my latest order? I'm Noah Ito, zip 98178", model: { skill: "order_details", ...byName("Noah", "Ito", "98178") } },
      { text: "Sorry, 98186", model: { zip: "98186" } },
      { text: "98187 then", model: { zip: "98187" } },
      { text: "#W6729841", model: { order_id: "#W6729841" } },
    ],
    writes: [],
    says: ["I can't find an account with that name and zip code.", "payment of 829.43 with credit_card_1620755"],
  },
  {
    id: "57",
    title: "a pending order's status read back; its cancel refunds the original card, not a gift card, so it is declined",
    turns: [
      { text: "When is my order W4284542 arriving? I'm Ivan Hernandez, San Diego 92133", model: { skill: "order_details", ...byName("Ivan", "Hernandez", "92133"), order_id: "#W4284542" } },
      { text: "Then cancel the whole order and refund it to my gift card", model: { skill: "cancel_order", ...byName("Ivan", "Hernandez", "92133"), order_id: "#W4284542", reason: "no longer needed" } },
      { press: "cancel", yes: false },
    ],
    writes: [],
    says: ["Order #W4284542 is pending.", "You said no, so nothing was run."],
  },
];

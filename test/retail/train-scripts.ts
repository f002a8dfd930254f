/**
 * Scripted conversations for τ²-bench retail train tasks, written by hand from each task's user
 * instructions (tasks-train.json): what the person types, and what a model would extract from it. The
 * extractions name only what the person said (their name and zip or email, the order, the reason); ids
 * the person does not know (a user id, a payment method id) never appear in them. A later request of
 * the same conversation carries no sign-in: the skills keep it for the conversation. Pure data.
 */

export type Turn =
  | { text: string; model: Record<string, unknown> }
  | { press: string; yes?: boolean }
  | { pick: Record<string, unknown> };

export interface TrainScript {
  id: string;
  title: string;
  turns: Turn[];
  /** Writes that ran, and the hand-off to a human agent, in order. */
  writes: string[];
  /** Texts the person must have been shown. */
  says?: string[];
}

const byName = (first_name: string, last_name: string, zip: string) => ({ sign_in: "name_and_zip", first_name, last_name, zip });
const byEmail = (email: string) => ({ sign_in: "email", email });

/**
 * The sign-in as the person says it: the skills' sign-in fields are `typed: true`, so the model's values
 * count only when they are in the message.
 */
function saying(signIn: Record<string, unknown>): string {
  if ("email" in signIn) return `My email is ${String(signIn.email)}.`;
  return "first_name" in signIn ? `I'm ${String(signIn.first_name)} ${String(signIn.last_name)}, zip code ${String(signIn.zip)}.` : "";
}

/** One cancel request, start to yes, as its own run of cancel-order. */
function cancel(signIn: Record<string, unknown>, order_id: string, reason: string, text = "I want to cancel an order"): Turn[] {
  return [
    { text: `${text}: ${order_id}. ${saying(signIn)}`.trim(), model: { skill: "cancel-order", ...signIn, order_id } },
    { text: `It's because it is ${reason}`, model: { reason } },
    { press: "cancel" },
  ];
}

/** One return request (return-items): the order's lines picked together, then the refund's payment method. */
function returnItems(signIn: Record<string, unknown>, order_id: string, item_ids: string[], payment_method_id: string, text = "I want to return some items"): Turn[] {
  return [
    { text: `${text} of order ${order_id}. ${saying(signIn)}`.trim(), model: { skill: "return-items", ...signIn, order_id } },
    { pick: { item_ids } },
    { pick: { payment_method_id } },
    { press: "return_request" },
  ];
}

/** A new address as a model would extract it from what the person says (state and country filled in). */
const newAddress = (new_address1: string, new_address2: string, new_city: string, new_state: string, new_zip: string) =>
  ({ new_address1, new_address2, new_city, new_state, new_country: "USA", new_zip });

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
    title: "two pending orders cancelled, each for its own reason (two requests, one sign-in)",
    turns: [
      ...cancel(byName("Ava", "Nguyen", "94128"), "#W8367380", "ordered by mistake"),
      ...cancel({}, "#W1242543", "no longer needed", "Now cancel the skateboard order"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "81",
    title: "two pending orders cancelled, no longer needed",
    turns: [
      ...cancel(byEmail("james.kim1995@example.com"), "#W3289292", "no longer needed"),
      ...cancel({}, "#W9722559", "no longer needed", "And cancel the other one too"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "113",
    title: "every pending order cancelled, ordered by mistake",
    turns: [
      ...cancel(byName("Yara", "Muller", "85041"), "#W5056519", "ordered by mistake"),
      ...cancel({}, "#W5995614", "ordered by mistake", "Cancel my other pending order as well"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order"],
  },
  {
    id: "10",
    title: "refunds to the other order's payment method are out of scope: a human agent",
    turns: [
      { text: "I want a human. Refund each of my orders to the other order's card.", model: { skill: "human-agent", summary: "The user wants to refund each order to the other order's payment method." } },
    ],
    writes: ["transfer_to_human_agents"],
    says: ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."],
  },
  {
    id: "50",
    title: "undoing a cancellation is out of scope: a human agent",
    turns: [
      { text: "Undo the cancellation of my order and rush it to me!", model: { skill: "human-agent", summary: "The user urgently wants a cancelled order reinstated and delivered as soon as possible." } },
    ],
    writes: ["transfer_to_human_agents"],
    says: ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."],
  },
  {
    id: "24",
    title: "the grill cancel is declined at the card, then the other order's t-shirts are listed",
    turns: [
      { text: "I want to cancel the grill. I'm Sofia Hernandez, Seattle 98193", model: { skill: "cancel-order", ...byName("Sofia", "Hernandez", "98193"), order_id: "#W3561391" } },
      { text: "I don't need it anymore", model: { reason: "no longer needed" } },
      { press: "cancel", yes: false },
      { text: "Actually I'll keep it. Which t-shirts are in my other order #W9609649?", model: { intent: "switch", skill: "order-details", order_id: "#W9609649" } },
    ],
    writes: [],
    says: ["You said no, so nothing was run.", "Order #W9609649 is processed. It holds: E-Reader", "T-Shirt (item 9612497925", "T-Shirt (item 1176194968"],
  },
  {
    id: "67",
    title: "two wrong zip codes refused, then the latest order's payment read back",
    turns: [
      { text: "How much did I pay for my latest order? I'm Noah Ito, zip 98178", model: { skill: "order-details", ...byName("Noah", "Ito", "98178") } },
      { text: "Sorry, 98186", model: { zip: "98186" } },
      { text: "98187 then", model: { zip: "98187" } },
      { text: "#W6729841", model: { order_id: "#W6729841" } },
    ],
    writes: [],
    says: ["I can't find an account with that name and zip code.", "payment of 829.43 with credit_card_1620755"],
  },
  {
    id: "25",
    title: "the order sent to Texas found and its tracking read back; its refund cannot go to an amex the user does not have, so nothing is returned",
    turns: [
      {
        text: "An order of mine went to Texas by accident and I need its tracking number, urgently. I don't remember the order number. I'm Isabella Johansson, zip 32286.",
        model: { skill: "profile", ...byName("Isabella", "Johansson", "32286") },
      },
      { text: "Which one went to Texas? What about #W3792453?", model: { skill: "order-details", order_id: "#W3792453" } },
      { text: "And #W5565470?", model: { skill: "order-details", order_id: "#W5565470" } },
      { text: "That's it. Return everything in it except the pet bed.", model: { skill: "return-items", order_id: "#W5565470" } },
      { pick: { item_ids: ["7602931732", "9570044148"] } },
      // Her only payment method is PayPal: the amex is no row of the grid, so the refund is not picked.
      { text: "Refund it to my amex credit card.", model: {} },
    ],
    writes: [],
    says: [
      "Your orders: #W3792453, #W7181492, #W5565470, #W2575533.",
      "It ships to 812 Cedar Avenue, Suite 500, Houston, TX 77129, USA.",
      "Tracking: 907614527588 for items",
      "Which payment method should receive the refund",
    ],
  },
  {
    id: "57",
    title: "a pending order's status read back; its cancel refunds the original card, not a gift card, so it is declined",
    turns: [
      { text: "When is my order W4284542 arriving? I'm Ivan Hernandez, San Diego 92133", model: { skill: "order-details", ...byName("Ivan", "Hernandez", "92133"), order_id: "#W4284542" } },
      { text: "Then cancel the whole order and refund it to my gift card", model: { skill: "cancel-order", order_id: "#W4284542", reason: "no longer needed" } },
      { press: "cancel", yes: false },
    ],
    writes: [],
    says: ["Order #W4284542 is pending.", "You said no, so nothing was run."],
  },
  {
    id: "59",
    title: "the older pending order cancelled, the other one shipped to the new home (its zip is not the sign-in zip)",
    turns: [
      ...cancel(byName("Yusuf", "Taylor", "95154"), "#W8268610", "no longer needed"),
      {
        text: "Now ship #W2702727 to my new home: 1234 Elm St, Springfield, IL, 62701",
        model: { skill: "modify-order-address", order_id: "#W2702727", ship_to: "another address", ...newAddress("1234 Elm St", "", "Springfield", "IL", "62701") },
      },
      { press: "ship_new" },
    ],
    writes: ["cancel_pending_order", "modify_pending_order_address"],
    says: ["Ship order #W2702727 to 1234 Elm St, , Springfield, IL 62701, USA instead of 163 Cedar Street, Suite 165, San Jose, CA 95154, USA?"],
  },
  {
    id: "34",
    title: "no partial cancel, so the pending order is shipped to the default address in New York instead",
    turns: [
      {
        text: "Then just change the address of order #W1845024 to my NYC place, my default address. I'm Noah Patel, 10108",
        model: { skill: "modify-order-address", ...byName("Noah", "Patel", "10108"), order_id: "#W1845024", ship_to: "default address" },
      },
      { press: "ship_default" },
    ],
    writes: ["modify_pending_order_address"],
    says: ["to your default address, 224 Elm Street, Suite 491, New York, NY 10108, USA, instead of 517 Lakeview Drive"],
  },
  {
    id: "43",
    title: "the delivered order's address read back (the daughter's), then made the default address",
    turns: [
      {
        text: "Where was my order #W7895761 sent? I'm Lucas Santos, Denver 80239",
        model: { skill: "order-details", ...byName("Lucas", "Santos", "80239"), order_id: "#W7895761" },
      },
      {
        text: "That's my daughter's. Make it my default address: 943 Maple Drive, Suite 356, Chicago, IL 60621",
        model: { intent: "switch", skill: "change-default-address", ...newAddress("943 Maple Drive", "Suite 356", "Chicago", "IL", "60621") },
      },
      { press: "change_address" },
    ],
    writes: ["modify_user_address"],
    says: ["It ships to 943 Maple Drive, Suite 356, Chicago, IL 60621, USA.", "Your default address is now 943 Maple Drive, Suite 356, Chicago, IL 60621, USA."],
  },
  {
    id: "22",
    title: "default and pending order moved to New York, then the default address changed back (read from the first card)",
    turns: [
      {
        text: "Change my address to 101 Highway, New York, 10001. I'm Ethan Garcia, Denver 80280",
        model: { skill: "change-default-address", ...byName("Ethan", "Garcia", "80280"), ...newAddress("101 Highway", "", "New York", "NY", "10001") },
      },
      { press: "change_address" },
      {
        text: "And my pending order #W9911714 too",
        model: { skill: "modify-order-address", order_id: "#W9911714", ship_to: "another address", ...newAddress("101 Highway", "", "New York", "NY", "10001") },
      },
      // The sign-in is kept, but the store finds a user by the zip of the default address, which is
      // 10001 now: the kept 80280 no longer passes, so the zip alone is asked again.
      { text: "It's 10001 now", model: { zip: "10001" } },
      { press: "ship_new" },
      {
        text: "Actually, change my default address back to what it was: 667 Highland Drive, Suite 865, Denver, CO 80280",
        model: { skill: "change-default-address", ...newAddress("667 Highland Drive", "Suite 865", "Denver", "CO", "80280") },
      },
      { press: "change_address" },
    ],
    writes: ["modify_user_address", "modify_pending_order_address", "modify_user_address"],
    says: ["Change your default address from 667 Highland Drive, Suite 865, Denver, CO 80280, USA to 101 Highway, , New York, NY 10001, USA?", "The zip given earlier in this conversation (80280) no longer passes here, so it is asked again."],
  },
];

const returned = (order: string) => `The return from order ${order} is requested`;
const mia = byEmail("mia.garcia2723@example.com");
const daiki = byName("Daiki", "Johnson", "80273");
const chen = byName("Chen", "Silva", "46281");
const olivia = byName("Olivia", "Lopez", "76171");

/** Train tasks that return delivered items (return-items: several rows picked from the order's items). */
export const RETURN_SCRIPTS: TrainScript[] = [
  { id: "2", title: "the cleaner, headphones and smart watch returned to the original card",
    turns: returnItems(byName("Yusuf", "Rossi", "19122"), "#W2378156", ["4602305039", "4202497723", "9408160950"], "credit_card_9513926"),
    writes: ["return_delivered_order_items"], says: [returned("#W2378156")] },
  { id: "11", title: "every item of two orders returned, each to its original payment method (two requests)",
    turns: [
      ...returnItems(mia, "#W5490111", ["4579334072", "1421289881", "6117189161", "4947717507"], "credit_card_3124723"),
      ...returnItems({}, "#W7387996", ["5796612084"], "paypal_9497703", "And return the gaming mouse order too"),
    ],
    writes: ["return_delivered_order_items", "return_delivered_order_items"] },
  { id: "13", title: "three of four items returned, the keyboard kept",
    turns: returnItems(mia, "#W5490111", ["4579334072", "6117189161", "4947717507"], "credit_card_3124723"),
    writes: ["return_delivered_order_items"] },
  { id: "14", title: "the keyboard and the gaming mouse returned, from two orders",
    turns: [
      ...returnItems(mia, "#W5490111", ["1421289881"], "credit_card_3124723"),
      ...returnItems({}, "#W7387996", ["5796612084"], "paypal_9497703", "Also return the mouse"),
    ],
    writes: ["return_delivered_order_items", "return_delivered_order_items"] },
  { id: "16", title: "two pending orders cancelled, then the smart watch returned",
    turns: [
      ...cancel(byName("Fatima", "Johnson", "78712"), "#W5199551", "no longer needed"),
      ...cancel({}, "#W8665881", "no longer needed", "Cancel the other pending order too"),
      ...returnItems({}, "#W9389413", ["2554056026"], "paypal_5364164", "Now return the smart watch"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order", "return_delivered_order_items"] },
  { id: "19", title: "the water bottle returned",
    turns: returnItems(byName("Mei", "Davis", "80217"), "#W2890441", ["2366567022"], "credit_card_1061405"),
    writes: ["return_delivered_order_items"] },
  { id: "28", title: "items of three orders returned to the original PayPal (three requests)",
    turns: [
      ...returnItems(byName("Isabella", "Johansson", "32286"), "#W3792453", ["4293355847"], "paypal_3024827"),
      ...returnItems({}, "#W7181492", ["5753502325", "9851293632"], "paypal_3024827", "Return the hose and backpack too"),
      ...returnItems({}, "#W5565470", ["9570044148", "6857426243"], "paypal_3024827", "And the keyboard and the pet bed"),
    ],
    writes: ["return_delivered_order_items", "return_delivered_order_items", "return_delivered_order_items"] },
  { id: "30", title: "the tablet returned, the pending order cancelled, the sneakers returned, all to the gift card",
    turns: [
      ...returnItems(olivia, "#W2692684", ["3788616824"], "gift_card_7711863"),
      ...cancel({}, "#W9373487", "no longer needed", "Cancel my pending order"),
      ...returnItems({}, "#W7449508", ["6477915553"], "gift_card_7711863", "And return the sneakers"),
    ],
    writes: ["return_delivered_order_items", "cancel_pending_order", "return_delivered_order_items"] },
  { id: "31", title: "the pending order cancelled, then the sneakers returned to the gift card",
    turns: [
      ...cancel(olivia, "#W9373487", "no longer needed"),
      ...returnItems({}, "#W7449508", ["6477915553"], "gift_card_7711863", "Now return the sneakers"),
    ],
    writes: ["cancel_pending_order", "return_delivered_order_items"] },
  { id: "46", title: "the vacuum cleaner and the air purifier returned",
    turns: returnItems(daiki, "#W9502127", ["6259501109", "9534205511"], "paypal_2433177"),
    writes: ["return_delivered_order_items"] },
  { id: "47", title: "the other vacuum cleaner and the air purifier returned",
    turns: returnItems(daiki, "#W9502127", ["2872451762", "9534205511"], "paypal_2433177"),
    writes: ["return_delivered_order_items"] },
  { id: "48", title: "the air purifier returned",
    turns: returnItems(daiki, "#W9502127", ["9534205511"], "paypal_2433177"),
    writes: ["return_delivered_order_items"] },
  { id: "54", title: "two pending orders cancelled, then four items returned to the gift card",
    turns: [
      ...cancel(byEmail("amelia.silva7872@example.com"), "#W4836353", "no longer needed"),
      ...cancel({}, "#W7342738", "no longer needed", "Cancel the other one as well"),
      ...returnItems({}, "#W4597054", ["5669664287", "4900990404", "9862136885", "6777246137"], "gift_card_3491931", "Return everything in my delivered order"),
    ],
    writes: ["cancel_pending_order", "cancel_pending_order", "return_delivered_order_items"] },
  { id: "73", title: "four of five items returned, both toothbrushes among them",
    turns: returnItems(byEmail("fatima.wilson5721@example.com"), "#W5272531", ["7228247242", "2698416822", "8098621301", "3320557165"], "credit_card_6824399"),
    writes: ["return_delivered_order_items"] },
  { id: "82", title: "every item of the order returned to the gift card",
    turns: returnItems(chen, "#W9571698", ["5952720925", "9973034634", "7381052709", "6065192424"], "gift_card_7250692"),
    writes: ["return_delivered_order_items"] },
  { id: "83", title: "the tablet returned to the gift card",
    turns: returnItems(chen, "#W9571698", ["6065192424"], "gift_card_7250692"),
    writes: ["return_delivered_order_items"] },
  { id: "84", title: "the tablet returned to the gift card (another wording)",
    turns: returnItems(chen, "#W9571698", ["6065192424"], "gift_card_7250692"),
    writes: ["return_delivered_order_items"] },
  { id: "89", title: "the mechanical keyboard returned",
    turns: returnItems(byName("Raj", "Santos", "98157"), "#W4680753", ["9690244451"], "paypal_2417743"),
    writes: ["return_delivered_order_items"] },
  { id: "92", title: "two skateboards and a smart watch returned, then the e-reader of another order",
    turns: [
      ...returnItems(byName("Mei", "Ahmed", "78705"), "#W7553978", ["4545791457", "3098764622", "1631806422"], "credit_card_5902940"),
      ...returnItems({}, "#W3239882", ["9494281769"], "credit_card_5902940", "And return the e-reader"),
    ],
    writes: ["return_delivered_order_items", "return_delivered_order_items"] },];

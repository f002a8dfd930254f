// The two conversations bench/scale.mjs drives (both skills served by every process), each to its end, checking every run's answer: a turn lost
// or answered twice (a pick applied again, a message taken twice) shows as an answer that is not the next
// step of the story. Each returns the references its writes gave (shown in the replies), to match them
// with the effects the tools logged.
import { approve, openConversation } from "./client.mjs";

const fieldOf = (turn) => turn.interrupt?.metadata?.skillflow?.field;
/** Both skills are served together: a new conversation shows what it can help with; the first message picks. */
const isMenu = (turn) => turn.text[0]?.startsWith("What would you like to do?") && !turn.interrupt;
function expect(thread, step, ok, turn) {
  if (!ok) throw new Error(`${thread}: after ${step} the answer was not the next step: ${JSON.stringify({ text: turn.text, interrupt: turn.interrupt?.reason, field: fieldOf(turn) })}`);
}

/** The conference trip (5 runs): open, the message, two row clicks, Pay. Four writes, one payment. */
export async function trip(tally, url, thread) {
  const c = await openConversation(tally, url, thread);
  let turn = await c.look();
  expect(thread, "open", isMenu(turn), turn);
  turn = await c.say("Book me for the Lisbon AI Summit, 3 nights");
  expect(thread, "the message", fieldOf(turn) === "flight_id", turn);
  turn = await c.answer(turn.interrupt, { flight_id: "TP1350" });
  expect(thread, "the flight", fieldOf(turn) === "hotel_id", turn);
  turn = await c.answer(turn.interrupt, { hotel_id: "H-BAIXA" });
  expect(thread, "the hotel", turn.interrupt?.reason === "confirmation", turn);
  turn = await c.answer(turn.interrupt, { yes: true });
  const booked = /^Booked\. Your reference is (TRIP-\w+)/.exec(turn.text.at(-1) ?? "");
  expect(thread, "Pay", booked && turn.done, turn);
  return { kind: "trip", thread, references: { take_payment: [booked[1]] }, approvals: [] };
}

/**
 * The order refund (8 runs and an approval): the email, the order, the card, the espresso machine broken
 * (189 EUR: a supervisor approves it on another process than the customer's), then the milk jug broken.
 * Two returns and two refunds.
 */
export async function refund(tally, url, thread, approver) {
  const c = await openConversation(tally, url, thread);
  let turn = await c.look();
  expect(thread, "open", isMenu(turn), turn);
  turn = await c.say("Hi, my email is maria@example.com");
  expect(thread, "the email", fieldOf(turn) === "order_id", turn);
  turn = await c.answer(turn.interrupt, { order_id: "A-1001" });
  expect(thread, "the order", fieldOf(turn) === "refund_method", turn);
  turn = await c.say("Back to my card please");
  expect(thread, "the method", fieldOf(turn) === "return_reason", turn);
  turn = await c.say("It arrived broken");
  expect(thread, "the espresso machine's reason", turn.interrupt?.reason === "confirmation", turn);
  turn = await c.answer(turn.interrupt, { yes: true });
  expect(thread, "the espresso machine's yes", turn.interrupt?.reason === "approval", turn);
  const filedOn = turn.upstream;
  const approved = await approve(tally, url, approver, thread, filedOn);
  turn = await c.look(turn.interrupt);
  const first = refunds(turn.text);
  expect(thread, "the approval", fieldOf(turn) === "return_reason" && first.length === 1, turn);
  turn = await c.say("It arrived broken");
  expect(thread, "the milk jug's reason", turn.interrupt?.reason === "confirmation", turn);
  turn = await c.answer(turn.interrupt, { yes: true });
  const second = refunds(turn.text);
  expect(thread, "the milk jug's yes", turn.done && second.length === 1 && turn.text.at(-1)?.startsWith("That's everything"), turn);
  const both = [...first, ...second];
  return {
    kind: "refund", thread,
    references: { issue_refund: both.map((r) => r.refund), create_return: both.map((r) => r.label) },
    approvals: [{ customer: filedOn, approver: approved.upstreams }],
  };
}

/** "Refund RF-… for the … is on its way; your return label is RL-…." lines. */
function refunds(lines) {
  return lines.flatMap((line) => {
    const m = /^Refund (RF-\w+) for the .+ is on its way; your return label is (RL-\w+)\./.exec(line);
    return m ? [{ refund: m[1], label: m[2] }] : [];
  });
}

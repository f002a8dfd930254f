/**
 * `flow chat` at a failing check across a loop's passes (issue 38 E): the check's message, then the
 * loop's elements as a numbered table that reads in words (each with the answer its pass gave); a
 * number picks the payment to change, that one is asked again, and the card comes only once the
 * amounts add up.
 */
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../../src/cli.js";
import { memoryIo } from "../memory-io.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const SPLIT_PAYMENT = join(root, "test/fixtures/loops/split-payment");

describe("flow chat: the payment to change, picked by number", () => {
  it("shows the message and the payments with their amounts, asks the one picked again, then the card", async () => {
    const mem = memoryIo(root);
    const stdin = Readable.from(["B1\n1, 2\n200\n50\n2\n100\ny\n"]);
    const code = await cli(["chat", SPLIT_PAYMENT], { ...mem.io, stdin });
    const out = mem.stdout();
    expect(mem.stderr()).toBe("");
    expect(code).toBe(0);
    expect(out).toContain([
      "Those add up to 250.00, not 300.00. Which one do you want to change?",
      "     ID         Name              Amount",
      "  1  visa-4242  Visa ending 4242     200",
      "  2  gift-77    Gift card 77          50",
      "Type a number from 1 to 2 to pick.",
      "> 2",
      "",
      "How much goes on Gift card 77?",
    ].join("\n"));
    expect(out).toContain("Charge Visa ending 4242 200.00, Gift card 77 100.00 for booking B1?");
    expect(out).toContain("Paid 300.00. Your receipt is B1-200+100.");
  });
});

/** vault_transfer's tools: the pass phrase is checked by a lookup and handed to the write. */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";

const PASSPHRASE = "Blue-Harbour-7731-Quietly";

export default [
  lookup({
    name: "verify_phrase",
    description: "Whether the pass phrase is the holder's.",
    input: z.object({ passphrase: z.string() }),
    output: z.object({ ok: z.boolean() }),
  }, ({ passphrase }) => ({ ok: passphrase === PASSPHRASE })),

  action({
    name: "send_money",
    description: "Send the amount, signed with the pass phrase.",
    input: z.object({ amount: z.number(), passphrase: z.string() }),
    output: z.object({ ref: z.string() }),
  }, ({ amount }, context) => ({ ref: `T-${amount}-${context.idempotencyKey.slice(0, 6)}` })),
];

/** chain's tools: the test replaces them with recording fakes; these only give the schemas. */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";

export default [
  lookup({ name: "quote", description: "Price.", input: z.object({ qty: z.number() }), output: z.object({ total: z.number() }) },
    ({ qty }) => ({ total: qty * 10 })),
  action({ name: "reserve", description: "Reserve.", input: z.object({ qty: z.number() }), output: z.object({ ref: z.string() }) },
    ({ qty }) => ({ ref: `R${qty}` })),
  lookup({ name: "stock_left", description: "Stock after a reservation.", input: z.object({ ref: z.string() }), output: z.object({ left: z.number() }) },
    () => ({ left: 5 })),
  action({ name: "pay", description: "Pay.", input: z.object({ total: z.number() }), output: z.object({ receipt: z.string() }) },
    ({ total }) => ({ receipt: `P-${total}` })),
];

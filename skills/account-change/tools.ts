/**
 * account-change's tools: five lookups (the account, the authenticator code, the plans, the start-date
 * rule, the price of the change) and two writes (change the plan, email a summary). In-memory fakes over
 * data.ts; `calls`, `effects`, `effectsPerKey` and `resetCalls` let tests see what the writes did.
 */
import { z } from "zod";
import { action, lookup } from "@skillflow/core";
import { accountByPhone, exitFee, planById, plans, startAllowed } from "./data.js";
import { recordWrite, referenceFor } from "./write-log.js";

export { calls, effects, effectsPerKey, resetCalls } from "./write-log.js";
export type { WriteCall } from "./write-log.js";

const phone = z.string().describe("the mobile number on the account");
const newPlan = z.string().describe("the new plan");
const startDate = z.string().describe("the day the new plan starts");

const findAccount = lookup({
  name: "find_account",
  description: "The account behind a mobile number.",
  input: z.object({ phone }),
  output: z.object({
    found: z.boolean().describe("whether an account uses the number"),
    holder: z.string().describe("the account holder"),
    plan_id: z.string().describe("the current plan"),
    plan_name: z.string().describe("the current plan's name"),
    monthly: z.number().describe("the current monthly price in EUR"),
    contract_ends: z.string().describe("the last day of the current contract"),
  }),
}, ({ phone }) => {
  const a = accountByPhone(phone);
  const p = a && planById(a.plan);
  if (!a || !p) return { found: false, holder: "", plan_id: "", plan_name: "", monthly: 0, contract_ends: "" };
  return { found: true, holder: a.holder, plan_id: p.id, plan_name: p.name, monthly: p.monthly, contract_ends: a.contractEnds };
});

const verifyCode = lookup({
  name: "verify_code",
  description: "Check the code the account holder's authenticator app shows.",
  input: z.object({ phone, verification_code: z.string().describe("the code from the authenticator app") }),
  output: z.object({ valid: z.boolean().describe("whether the code is right for this account") }),
}, ({ phone, verification_code }) => ({ valid: accountByPhone(phone)?.code === verification_code }));

const listPlans = lookup({
  name: "list_plans",
  description: "The plans this number can move to.",
  input: z.object({ phone }),
  output: z.object({
    plans: z.array(z.object({
      id: z.string().describe("plan code"),
      name: z.string().describe("plan"),
      data: z.string().describe("data per month"),
      monthly: z.number().describe("price per month in EUR"),
      current: z.boolean().describe("the plan the number is on now"),
    })).describe("the plans on offer"),
  }),
}, ({ phone }) => {
  const current = accountByPhone(phone)?.plan;
  return {
    plans: plans.map((p) => ({
      id: p.id, name: p.name, data: p.dataGb === "unlimited" ? "unlimited" : `${p.dataGb} GB`,
      monthly: p.monthly, current: p.id === current,
    })),
  };
});

const checkStart = lookup({
  name: "check_start",
  description: "A new plan can start from tomorrow up to 60 days ahead.",
  input: z.object({ start_date: startDate }),
  output: z.object({ ok: z.boolean().describe("whether the plan can start on that day") }),
}, ({ start_date }, { now }) => ({ ok: startAllowed(start_date, now) }));

const quoteChange = lookup({
  name: "quote_change",
  description: "What the new plan costs, and the fee for leaving the current contract early.",
  input: z.object({ phone, new_plan: newPlan, start_date: startDate }),
  output: z.object({
    plan_name: z.string().describe("the new plan's name"),
    new_monthly: z.number().describe("the new monthly price in EUR"),
    exit_fee: z.number().describe("the fee for leaving the current contract early, in EUR"),
  }),
}, ({ phone, new_plan, start_date }) => {
  const a = accountByPhone(phone);
  const p = planById(new_plan);
  if (!a || !p) throw new Error(`cannot price plan ${new_plan} for this number`);
  return { plan_name: p.name, new_monthly: p.monthly, exit_fee: exitFee(start_date, a.contractEnds) };
});

const changePlan = action({
  name: "change_plan",
  card: 'Move {phone} to plan {new_plan} from {date(start_date)}, with a {money(spending_cap, "EUR")} monthly cap on extra charges and roaming {keep_roaming ? "on" : "off"}',
  description: "Move the number to the new plan from the start day, with the spending cap and roaming setting.",
  input: z.object({
    phone, new_plan: newPlan, start_date: startDate,
    spending_cap: z.number().describe("the monthly cap on extra charges in EUR"),
    keep_roaming: z.boolean().describe("whether roaming stays on"),
  }),
  output: z.object({ change_id: z.string().describe("the change number") }),
}, (input, { idempotencyKey }) =>
  recordWrite("change_plan", idempotencyKey, input, () => ({ change_id: referenceFor("CHG", idempotencyKey) })));

const sendSummary = action({
  name: "send_summary",
  card: "Email the account holder a summary: {phone} moves to plan {new_plan} from {date(start_date)}",
  description: "Email the account holder a summary of the change.",
  input: z.object({ phone, new_plan: newPlan, start_date: startDate }),
  output: z.object({ sent_to: z.string().describe("the address the summary went to") }),
}, (input, { idempotencyKey }) =>
  recordWrite("send_summary", idempotencyKey, input, () => ({ sent_to: accountByPhone(input.phone)?.email ?? "" })));

export default [findAccount, verifyCode, listPlans, checkStart, quoteChange, changePlan, sendSummary];

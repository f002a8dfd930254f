/**
 * The fake mobile operator account-change answers from: accounts, their authenticator codes, the plans,
 * and the early-exit rule. Plain data and pure functions; date rules take "today" as an argument.
 */

export interface Account {
  phone: string;
  holder: string;
  email: string;
  plan: string;
  /** Last day of the current contract, ISO date. */
  contractEnds: string;
  /** The code the holder's authenticator app shows (fixed here, so proofs can type it). */
  code: string;
}

export interface Plan {
  id: string;
  name: string;
  dataGb: number | "unlimited";
  /** Monthly price, EUR. */
  monthly: number;
}

export const accounts: Account[] = [
  { phone: "07700900123", holder: "Sam Patel", email: "sam@example.com", plan: "basic-5", contractEnds: "2027-06-30", code: "428193" },
  { phone: "07700900456", holder: "Ana Costa", email: "ana@example.com", plan: "plus-30", contractEnds: "2026-12-31", code: "771204" },
];

export const plans: Plan[] = [
  { id: "basic-5", name: "Basic 5 GB", dataGb: 5, monthly: 12 },
  { id: "plus-30", name: "Plus 30 GB", dataGb: 30, monthly: 20 },
  { id: "max-unl", name: "Unlimited", dataGb: "unlimited", monthly: 32.5 },
];

/** Leaving a contract before its last day costs this much, EUR. */
export const EXIT_FEE = 25;
/** A new plan can start at most this many days ahead. */
export const MAX_DAYS_AHEAD = 60;

export function accountByPhone(phone: string): Account | undefined {
  return accounts.find((a) => a.phone === phone.replace(/\s+/g, ""));
}

export function planById(id: string): Plan | undefined {
  return plans.find((p) => p.id === id);
}

/** Whether `date` (ISO) is from tomorrow up to MAX_DAYS_AHEAD days after `now` (ISO timestamp). Pure. */
export function startAllowed(date: string, now: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return false;
  const today = now.slice(0, 10);
  const days = (Date.parse(date) - Date.parse(today)) / 86_400_000;
  return days >= 1 && days <= MAX_DAYS_AHEAD;
}

/** The early-exit fee for a plan starting on `start` under a contract ending on `contractEnds`. Pure. */
export function exitFee(start: string, contractEnds: string): number {
  return start <= contractEnds ? EXIT_FEE : 0;
}

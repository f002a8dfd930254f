/**
 * The fake shop order-refund answers from: customers' orders, their items, and the refund rules.
 * Plain data and pure functions; the only time-dependent rule (30 days from delivery) takes "now" as
 * an argument, so the tools pass the clock they are handed.
 */

export interface Item {
  id: string;
  name: string;
  /** Price paid, EUR. */
  price: number;
}

export interface Order {
  id: string;
  email: string;
  placed: string;
  delivered: string;
  items: Item[];
}

export const orders: Order[] = [
  {
    id: "A-1001", email: "maria@example.com", placed: "2027-02-20", delivered: "2027-02-24",
    items: [{ id: "espresso", name: "Espresso machine", price: 189 }, { id: "jug", name: "Milk jug", price: 19.5 }],
  },
  {
    id: "A-0950", email: "maria@example.com", placed: "2026-12-01", delivered: "2026-12-05",
    items: [{ id: "scale", name: "Kitchen scale", price: 24.9 }],
  },
  {
    id: "B-2040", email: "tom@example.com", placed: "2027-02-22", delivered: "2027-02-26",
    items: [{ id: "lamp", name: "Desk lamp", price: 45 }],
  },
];

/** Days after delivery within which an order can be returned. */
export const RETURN_DAYS = 30;
/** Share of the price kept when a change of mind is refunded to a card. */
export const RESTOCKING_SHARE = 0.1;

export type Reason = "damaged" | "wrong_item" | "changed_mind" | "keep";
export type Method = "card" | "store_credit";

export function ordersOf(email: string): Order[] {
  return orders.filter((o) => o.email === email.trim().toLowerCase());
}

export function orderById(id: string): Order | undefined {
  return orders.find((o) => o.id === id);
}

/** Whether an order delivered on `delivered` can still be returned at `now` (ISO). Pure. */
export function isReturnable(delivered: string, now: string): boolean {
  const days = (Date.parse(now) - Date.parse(`${delivered}T00:00:00Z`)) / 86_400_000;
  return days <= RETURN_DAYS;
}

/** The refund for one item: full price, less the restocking share for a change of mind to a card. Pure. */
export function refundFor(price: number, reason: Reason, method: Method): { amount: number; restocking_fee: number } {
  const fee = reason === "changed_mind" && method === "card" ? cents(price * RESTOCKING_SHARE) : 0;
  return { amount: reason === "keep" ? 0 : cents(price - fee), restocking_fee: reason === "keep" ? 0 : fee };
}

function cents(x: number): number {
  return Math.round(x * 100) / 100;
}

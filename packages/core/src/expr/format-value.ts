/**
 * How a value is printed in a template hole. Pure.
 * Numbers plainly (1240, 12.5), lists joined with ", ", yes/no for booleans, nothing for null.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(formatValue).join(", ");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return formatObject(value as Record<string, unknown>);
  return String(value);
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(n);
}

/** A row: its `name`, `label` or `id` if it has one, else `key: value` pairs. */
function formatObject(row: Record<string, unknown>): string {
  for (const key of ["name", "label", "id"]) if (typeof row[key] === "string") return row[key] as string;
  return Object.entries(row).map(([k, v]) => `${k}: ${formatValue(v)}`).join(", ");
}

/**
 * A value as words for a card or a grid cell, leaving nothing out: text as is, numbers plainly, yes/no,
 * lists joined with ", ", and an object as its `name` (or `label`) with its other properties after it:
 * `Espresso machine (id: espresso, price: 189)`; an object with no name is its `key: value` pairs in
 * parentheses. Pure.
 */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (value === null || typeof value !== "object" || value instanceof Date) return formatValue(value);
  const row = value as Record<string, unknown>;
  const title = ["name", "label"].find((key) => typeof row[key] === "string");
  const rest = Object.entries(row).filter(([key]) => key !== title).map(([key, v]) => `${key}: ${describeValue(v)}`);
  if (title === undefined) return `(${rest.join(", ")})`;
  return rest.length ? `${row[title] as string} (${rest.join(", ")})` : (row[title] as string);
}

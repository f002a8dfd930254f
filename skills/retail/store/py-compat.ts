/**
 * Python's behaviour where the benchmark's results depend on it: its rounding, its float text, its
 * string order and its JSON strings. Pure.
 *
 * `roundCents(x)` is Python's `round(x, 2)`: the exact binary value of x rounded to two decimals, an
 * exact tie going to the even cent (round(0.125, 2) is 0.12; 2.675 is really 2.67499… so it gives 2.67).
 * `toFixed(2)` also rounds the exact value but sends ties up; exact ties are the values k/8 with k odd.
 *
 * `pyFloatText(x)` is Python's `str(x)` for a float: the shortest digits, written with `.0` when whole
 * and in exponent form below 1e-4 or from 1e16 (`1e-05`, `1e+16`).
 */

export function roundCents(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const magnitude = Math.abs(x);
  if (magnitude >= 1e21) return x; // toFixed stops rounding there; such a double is already whole
  let cents = BigInt(magnitude.toFixed(2).replace(".", ""));
  const eighths = magnitude * 8; // exact: a power of two
  if (Number.isInteger(eighths) && eighths % 2 === 1 && cents % 2n === 1n) cents -= 1n;
  const text = `${x < 0 ? "-" : ""}${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  return Number(text); // the double nearest the decimal, as Python reads its rounded digits back
}

export function pyFloatText(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e") as [string, string];
  const exponent = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : "";
    return `${sign}${digits[0]}${rest}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

/** Python's string order: by code point. */
export function comparePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** A string as Python's json.dumps writes it (ASCII only: other characters as \uXXXX). */
export function pyJsonString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

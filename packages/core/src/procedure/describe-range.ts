/**
 * A number's bounds in words, the one wording shared by the procedure ("a whole number from 1 to 14")
 * and the extraction prompt the model reads. Pure.
 */

/** `" from MIN to MAX"`, `" of at least MIN"`, `" of at most MAX"`, or `""` without bounds (note the leading space). */
export function describeRange(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return "";
}

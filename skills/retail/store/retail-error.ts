/**
 * `RetailError`: a request the store refuses, with the benchmark's own words ("Order not found",
 * "Non-pending order cannot be cancelled"). Every write checks everything before it changes anything,
 * so a write that throws it changed nothing.
 */
export class RetailError extends Error {
  override name = "RetailError";
}

export function isRetailError(error: unknown): error is RetailError {
  return error instanceof RetailError;
}

/**
 * Why a `--model` choice cannot be used, as data: a closed set of codes and one sentence a person can
 * act on. The CLI prints `message` (never a stack); an API caller can switch on `code`.
 */

export type ModelSetupProblem =
  /** The provider part of `provider:name` is not one Skillflow knows. */
  | "unknown-provider"
  /** The provider's LangChain package is not installed. */
  | "missing-package"
  /** The provider needs an API key and its variable is not set. */
  | "missing-key"
  /** The provider's class refused the settings (its own message follows). */
  | "setup-failed";

export class ModelSetupError extends Error {
  override readonly name = "ModelSetupError";

  constructor(
    readonly code: ModelSetupProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Whether `error` is a model setup error (also across module copies). */
export function isModelSetupError(error: unknown): error is ModelSetupError {
  return error instanceof Error && error.name === "ModelSetupError" && "code" in error;
}

/**
 * The proof that an approval comes from a verified approver, for skills hosted on LangGraph's server.
 * There, anyone who may run the thread may send `Command({ resume })` — and without the platform's own
 * auth, may even set `config.configurable` — so an approval in a resume counts only with a token keyed
 * by the deployment key: HMAC-SHA256 over the request id, the role and the answer, under a key derived
 * for this purpose alone. The approver's backend — which authenticates the approver its own way and
 * holds `SKILLFLOW_DEPLOYMENT_KEY` — signs it and resumes the thread; the person's chat never can.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../persistence/deployment-key.js";

/** What an approval token covers: one request, one role, one answer. */
export interface ApprovalClaim {
  /** The id of the approval request (the interrupt value's `request`). */
  request: string;
  /** The role approving (the interrupt value's `role`). */
  role: string;
  /** Approved (true) or declined (false). */
  yes: boolean;
}

/** The token for `claim` under `deploymentKey` (hex). Pure. */
export function signApproval(deploymentKey: Uint8Array, claim: ApprovalClaim): string {
  const key = deriveKey(deploymentKey, "platform approvals");
  return createHmac("sha256", key).update(`${claim.request}\n${claim.role}\n${claim.yes ? "yes" : "no"}`).digest("hex");
}

/** Whether `token` is the token for `claim` (compared in constant time). Pure. */
export function verifyApproval(deploymentKey: Uint8Array, claim: ApprovalClaim, token: unknown): boolean {
  if (typeof token !== "string" || !/^[0-9a-f]{64}$/.test(token)) return false;
  const expected = Buffer.from(signApproval(deploymentKey, claim), "hex");
  return timingSafeEqual(expected, Buffer.from(token, "hex"));
}

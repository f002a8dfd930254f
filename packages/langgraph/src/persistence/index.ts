// @skillflow/langgraph/persistence — conversation stores beyond `openCheckpointer`: the in-memory store,
// store URLs, locks, the deployment key and checkpoint encryption, pruning and retention.
// Named exports only (no `export *`).
export { openMemory } from "./open-checkpointer.js";
export type { MemoryOptions } from "./open-checkpointer.js";
export { DEFAULT_KEEP_CHECKPOINTS } from "./persistence.js";
export type { StoreKind, ThreadFootprint, ThreadHead, PruneResult } from "./persistence.js";
export { DEFAULT_MEMORY_RETENTION_MS, parseDuration, checkpointTime } from "./retention.js";
export type { IdleSweep } from "./retention.js";
export { parseDbUrl } from "./parse-db-url.js";
export type { StoreLocation } from "./parse-db-url.js";
export { redactUrl } from "./persistence-error.js";
export { createMemoryLock } from "./thread-lock.js";
export { createPostgresLock } from "./postgres-lock.js";
export type { PostgresLockOptions } from "./postgres-lock.js";
export { PreparingPool } from "./preparing-pool.js";
export { connectionBudget, MIN_CONNECTIONS, type ConnectionBudget } from "./connection-budget.js";
export type { LockHold, ThreadLock } from "./thread-lock.js";
export { DEPLOYMENT_KEY_ENV, deriveKey, parseDeploymentKey } from "./deployment-key.js";
export type { DeploymentKeyInput, KeySource } from "./deployment-key.js";
export { EncryptedSerializer } from "./encrypted-serializer.js";
export { PlainJsonSerializer } from "./plain-json-serializer.js";

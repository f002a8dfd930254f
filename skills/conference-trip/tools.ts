/**
 * conference-trip's tools: eight lookups (conference, flights, the arrival rule, hotels, hotel quote,
 * cab fare, trip price against the budget, approval code) and four writes (hold flight, hold hotel,
 * reserve cab, take payment). In-memory fakes with fixed data; `calls`, `effects`, `effectsPerKey` and
 * `resetCalls` let tests see what the writes did.
 */
import { lookups } from "./lookups.js";
import { writes } from "./writes.js";

export { calls, effects, effectsPerKey, resetCalls } from "./write-log.js";
export type { WriteCall } from "./write-log.js";

export default [...lookups, ...writes];

/**
 * `createTestFlow(options)`: `createFlow` with injected tool failures, for tests of what a flow does
 * when a tool throws. Kept off the production options so no deployment can switch it on by accident.
 */
import { createFlowWith } from "../create-flow.js";
import type { CreateFlowOptions, Flow } from "../flow-options.js";
import type { FlowHooks } from "../resolve-host-deps.js";

export interface TestFlowOptions extends CreateFlowOptions, FlowHooks {}

/** A flow whose tools fail as `failures` (in doubt) and `rejections` (nothing done) say, on their first runs. */
export function createTestFlow(options: TestFlowOptions): Promise<Flow> {
  const { failures, rejections, ...rest } = options;
  return createFlowWith(rest, { ...(failures ? { failures } : {}), ...(rejections ? { rejections } : {}) });
}

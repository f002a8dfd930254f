/**
 * The host's modules the commands that run skills need, imported together when such a command runs
 * (importing LangGraph takes most of a cold start, so nothing imports this at load time): the main
 * entry of `@skillflow/langgraph` (`createFlow`, `openCheckpointer`), `/models` (`resolveModel`) and
 * `/persistence` (store URLs).
 */
export type Host = typeof import("@skillflow/langgraph") & typeof import("@skillflow/langgraph/models") & typeof import("@skillflow/langgraph/persistence");

export async function loadHost(): Promise<Host> {
  const [main, models, persistence] = await Promise.all([
    import("@skillflow/langgraph"), import("@skillflow/langgraph/models"), import("@skillflow/langgraph/persistence"),
  ]);
  return { ...main, ...models, ...persistence };
}

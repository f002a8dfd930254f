// bench/turn: the yardstick — one invoke of a trivial two-node StateGraph (START → a → b → END) with
// MemorySaver, on one thread, as STACK.md's reference figure measures it.
import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";

const State = Annotation.Root({ n: Annotation() });

/** The trivial two-node graph, compiled on `checkpointer` (also bench/store's yardstick). */
export function compileTrivial(checkpointer) {
  return new StateGraph(State)
    .addNode("a", (s) => ({ n: s.n + 1 }))
    .addNode("b", (s) => ({ n: s.n + 1 }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", END)
    .compile({ checkpointer });
}

/** A compiled trivial graph and a function timing one invoke of it, in milliseconds. */
export function trivialGraph() {
  const graph = compileTrivial(new MemorySaver());
  const config = { configurable: { thread_id: "trivial" } };
  return async () => {
    const t = performance.now();
    await graph.invoke({ n: 0 }, config);
    return performance.now() - t;
  };
}

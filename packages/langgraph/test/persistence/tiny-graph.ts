/** A two-node graph whose state counts turns: enough to exercise a saver, pruning and resume. */
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";

const TinyState = Annotation.Root({
  turns: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
  last: Annotation<string>({ reducer: (_a, b) => b, default: () => "" }),
  input: Annotation<string>({ reducer: (_a, b) => b, default: () => "" }),
});

export function compileTinyGraph(saver: BaseCheckpointSaver) {
  return new StateGraph(TinyState)
    .addNode("count", (s) => ({ turns: s.turns + 1 }))
    .addNode("echo", (s) => ({ last: `${s.input}#${s.turns}` }))
    .addEdge(START, "count")
    .addEdge("count", "echo")
    .addEdge("echo", END)
    .compile({ checkpointer: saver });
}

export async function tinyTurn(graph: ReturnType<typeof compileTinyGraph>, threadId: string, input: string) {
  return graph.invoke({ input }, { configurable: { thread_id: threadId } });
}

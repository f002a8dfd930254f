// bench/store: the yardstick — a trivial two-node StateGraph (START → a → b → END) on LangGraph's own
// saver (SqliteSaver / PostgresSaver, as their docs open them) on the same database, invoked as LangGraph's
// docs do (default durability). One "turn" is one invoke; a conversation is four of them on one thread.
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { compileTrivial } from "../turn/baseline.mjs";

/** The saver and compiled graph for the store `url` names (`sqlite:PATH` or `postgres://…`). */
export async function openTrivial(url) {
  const saver = url.startsWith("sqlite:") ? SqliteSaver.fromConnString(url.slice("sqlite:".length)) : PostgresSaver.fromConnString(url);
  await saver.setup?.();
  const graph = compileTrivial(saver);
  const close = async () => (saver.pool ? saver.pool.end() : saver.db.close());
  return { graph, close };
}

export async function trivialConversation(graph, thread) {
  const config = { configurable: { thread_id: thread } };
  for (let i = 0; i < 4; i += 1) await graph.invoke({ n: i }, config);
}

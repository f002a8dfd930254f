/**
 * The example skills as graphs for LangGraph's own server: the module the repository's langgraph.json
 * names (`npx @langchain/langgraph-cli dev` in the repository root serves them). `trip` is the
 * conference trip; `retail` is the ten retail skills in one conversation, chosen by the message. The
 * model is SKILLFLOW_MODEL's (offline when unset); see docs/langgraph-platform.md.
 */
import { fileURLToPath } from "node:url";
import { createSkillGraph } from "@skillflow/langgraph/platform";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const RETAIL = [
  "cancel-order", "change-default-address", "change-order-payment", "exchange-items", "human-agent",
  "modify-items", "modify-order-address", "order-details", "profile", "return-items",
];

export const trip = createSkillGraph({ skill: here("./conference-trip") });

export const retail = createSkillGraph({ skills: RETAIL.map((name) => here(`./retail/${name}`)) });

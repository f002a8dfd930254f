// How both arms of bench/cost turn one model call into the text whose tokens are counted. Pure.
//
// A prompt is what a chat model receives on one call: its messages and the tools bound to the call.
// It is serialized as one text, the same way for both arms:
//   - each message as `role: content` on its own line(s), roles as LangChain names them (system, human,
//     ai, tool); an assistant message's tool calls follow as JSON `[{"name", "args"}]`;
//   - then each bound tool as `function: {"name", "description", "parameters"}`, where `parameters` is
//     the JSON Schema LangChain derives from the tool's zod input (`convertToOpenAITool`). For
//     Skillflow that is the structured-output tool `extract`; for the ReAct agent, its twelve tools.
// The text is counted with `countTokens` (cl100k_base). Providers add a few framing tokens per message
// and format tool schemas their own way, so the counts are estimates, equal in method for both arms.
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { countTokens } from "@skillflow/langgraph/models";

/** The text of one call: messages, then tool schemas. Pure. */
export function serializePrompt(messages, tools = []) {
  return [...messages.map(serializeMessage), ...tools.map(serializeTool)].join("\n");
}

/** Tokens of one call, counted over `serializePrompt`. */
export function countPromptTokens(messages, tools = []) {
  return countTokens(serializePrompt(messages, tools));
}

function serializeMessage(message) {
  const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  const calls = message.tool_calls?.length
    ? `\n${JSON.stringify(message.tool_calls.map(({ name, args }) => ({ name, args })))}`
    : "";
  return `${message.getType()}: ${content}${calls}`;
}

function serializeTool(tool) {
  const { name, description, parameters } = convertToOpenAITool(tool).function;
  return `function: ${JSON.stringify({ name, description, parameters })}`;
}

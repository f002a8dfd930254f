/**
 * The public API of every package, pinned (STYLE #11): each entry point's runtime exports are compared
 * with an explicit list, so adding, renaming or dropping an export shows up here as a reviewed change.
 * Types are erased at run time; they are pinned by `tsc -b` against the code that uses them.
 * Every entry point names its exports: no `export *`, which would widen the API without a diff here.
 *
 * Changed the API on purpose? Update the list below in the same change.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CORE = [
  "LIMIT_MEASURES", "LIMIT_SCOPES", "TOOL_SOURCE_TAG", "TOOL_TAG", "ToolRejected", "action", "agentSkillsName", "agentSkillsNameProblem", "analyzeGates", "buildProcedure", "checkKeptFields",
  "changeNotes", "checkSkill", "childStepsOf", "compileSkill", "coverageOf", "createExpressions", "describeFieldShape", "describeGiver", "describeRange", "describeTool", "describeValue", "didYouMean", "everyChildStepOf", "exhaustedOf", "expectedAnswer", "fieldValueType",
  "findBlocks", "formatCell", "formatDate", "formatMoney", "formatTime", "formatValue", "gateAnalysisOf", "giveKept", "gridColumns", "handoff", "hasErrors", "hideSecrets", "initialState",
  "isLangChainTool", "isToolDefinition", "isToolRejected", "isToolSource", "keptAnswers", "keptConflictSentence", "keptFieldConflicts", "keptFields", "lookup", "maskKnownSecrets", "nameOfKey",
  "normalizeText", "notedValues", "ownValue", "parseSkill", "readTypedAnswer", "readYesNo", "redactSecrets", "redactStepResult", "renderProcedure", "runnableTool", "secretValuesOf", "shapeValueType",
  "shownPath", "skillBlocksSchema", "sortDiagnostics", "step", "suggest", "understandingContext", "writeInWords", "writesCoveredBy",
];

const CORE_LOADER = [
  "checkSkillText", "collectTools", "decodeSkillBytes", "findSkills", "finishSkill", "importTimeoutOf", "importToolsBeside", "loadSkill", "loadSkillText",
  "looksLikeSkill", "notASkillReason", "partFiles",
];

const CORE_TEXT = ["NAME_SHOWN", "shortName", "shortenNames"];

const CORE_EDIT = ["completeAt", "diffHunks", "diffLines", "fieldHover", "formatDiff", "formatType", "hoverAt", "targetAt", "toolHover"];

// The main entry is the embedding API; the rest lives on subpaths (issue 11).
const LANGGRAPH = ["BudgetError", "DEFAULT_PRICES", "FlowInputError", "FlowLoadError", "PersistenceError", "ScriptedChatModel", "chatModelPort", "createFlow", "openCheckpointer"];

const LANGGRAPH_MODELS = [
  "EXTRACT_TOOL", "ModelSetupError", "NO_USAGE", "OFFLINE_NOTICE", "PROVIDERS", "TOKENIZER", "addUsage", "buildExtractPrompt",
  "buildExtractionSchema", "countTokens", "createChatModel", "describeShape", "estimateTokens", "estimateUsage", "extractOffline", "extractPromptParts",
  "findProvider", "isModelSetupError", "normalizeUsage", "offlineModel", "readResult", "readUsage", "resolveModel", "usageFromMetadata",
  "withUsageAccounting",
];

const LANGGRAPH_PROVE = ["ProofError", "ProveUsageError", "formatProofReport", "proofReportJson", "proveFiles"];

const LANGGRAPH_PERSISTENCE = [
  "DEFAULT_KEEP_CHECKPOINTS", "DEFAULT_MEMORY_RETENTION_MS", "DEPLOYMENT_KEY_ENV", "EncryptedSerializer", "MIN_CONNECTIONS", "PlainJsonSerializer", "PreparingPool",
  "checkpointTime", "connectionBudget", "createMemoryLock", "createPostgresLock", "deriveKey", "openMemory", "parseDbUrl", "parseDeploymentKey", "parseDuration", "redactUrl",
];

const LANGGRAPH_TESTING = ["createTestFlow"];

const LANGGRAPH_PLATFORM = [
  "ASSISTANT_REFUSED", "CHAT_STREAM_MODES", "MESSAGES_KEPT", "MODEL_ENV", "NOT_A_RESUME", "PRESS_WITHOUT_CARD", "RUN_REFUSED", "SECRET_SHOWN", "UNVERIFIED_APPROVAL",
  "UPDATE_REFUSED", "createSkillGraph", "readResume", "refuseAssistant", "refuseRun", "refuseThreadUpdate", "signApproval", "verifyApproval",
];

const MCP = [
  "ANSWER_TOOL", "IDEMPOTENCY_KEY_META", "NOW_META", "WIDGET_TOKEN_META", "WIDGET_URI", "closeMcpConnections", "createSkillHost",
  "mcpTools", "serveSkills", "serveToolsOverStdio", "threadOf", "toolServer",
];

const SERVER = [
  "ACTIVITY", "ApproverConfigError", "approverDirectory", "cookieOf", "createSkillflowServer", "hashCredential", "json", "listen",
  "openServeStore", "parseApprovers", "problem", "readJson", "serveBuiltFile", "sessionCookie", "toNodeListener", "verifyCredential",
];

const CLI = ["COMMANDS", "EXIT", "cli", "main"];

const ENTRY_POINTS: Array<[string, () => Promise<Record<string, unknown>>, string[]]> = [
  ["@skillflow/core", () => import("@skillflow/core"), CORE],
  ["@skillflow/core/loader", () => import("@skillflow/core/loader"), CORE_LOADER],
  ["@skillflow/core/edit", () => import("@skillflow/core/edit"), CORE_EDIT],
  ["@skillflow/core/text", () => import("@skillflow/core/text"), CORE_TEXT],
  ["@skillflow/langgraph", () => import("@skillflow/langgraph"), LANGGRAPH],
  ["@skillflow/langgraph/models", () => import("@skillflow/langgraph/models"), LANGGRAPH_MODELS],
  ["@skillflow/langgraph/prove", () => import("@skillflow/langgraph/prove"), LANGGRAPH_PROVE],
  ["@skillflow/langgraph/persistence", () => import("@skillflow/langgraph/persistence"), LANGGRAPH_PERSISTENCE],
  ["@skillflow/langgraph/testing", () => import("@skillflow/langgraph/testing"), LANGGRAPH_TESTING],
  ["@skillflow/langgraph/platform", () => import("@skillflow/langgraph/platform"), LANGGRAPH_PLATFORM],
  ["@skillflow/mcp", () => import("@skillflow/mcp"), MCP],
  ["@skillflow/server", () => import("@skillflow/server"), SERVER],
  ["@skillflow/cli", () => import("@skillflow/cli"), CLI],
];

describe("public API", () => {
  it.each(ENTRY_POINTS)("%s exports exactly the pinned names", async (_name, load, expected) => {
    const module = await load();
    expect(Object.keys(module).sort()).toEqual([...expected].sort());
  });

  it.each(ENTRY_POINTS)("%s exports nothing undefined", async (_name, load) => {
    const module = await load();
    expect(Object.entries(module).filter(([, value]) => value === undefined).map(([key]) => key)).toEqual([]);
  });
});

const packages = fileURLToPath(new URL("../packages/", import.meta.url));

/** Every package's entry sources: src/index.ts, plus the source of each subpath export of code (./loader). */
function entrySources(): string[] {
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(packages, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { exports?: Record<string, unknown> };
      // Code subpaths only: `@skillflow/core/schema` is a JSON file (the blocks' JSON Schema), not a module.
      const subpaths = Object.entries(manifest.exports ?? {}).filter(([key, target]) => key !== "." && !String(target).endsWith(".json")).map(([key]) => key);
      return [join(dir, "src/index.ts"), ...subpaths.map((key) => join(dir, "src", key, "index.ts"))];
    });
}

describe("entry points", () => {
  const sources = entrySources();

  it("cover every package and subpath export", () => {
    const names = sources.map((file) => file.slice(packages.length).split("\\").join("/"));
    expect(names).toEqual(expect.arrayContaining([
      "core/src/index.ts", "core/src/loader/index.ts", "langgraph/src/index.ts", "langgraph/src/models/index.ts", "langgraph/src/prove/index.ts",
      "langgraph/src/persistence/index.ts", "langgraph/src/testing/index.ts", "langgraph/src/platform/index.ts", "mcp/src/index.ts", "cli/src/index.ts",
    ]));
  });

  it.each(sources.map((file) => [file.slice(packages.length), file]))("%s has no `export *` (nor `export type *`)", (_name, file) => {
    const code = readFileSync(file, "utf8").replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
    expect(code.match(/\bexport\s+(type\s+)?\*|\bexport\*/g) ?? []).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { ExtractRequest } from "../../src/understand/model-port.js";
import { OFFLINE_NOTICE, resolveModel, type ModuleLoader } from "../../src/models/resolve-model.js";
import { isModelSetupError, type ModelSetupError } from "../../src/models/model-setup-error.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

/** The setup error `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<ModelSetupError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!isModelSetupError(error)) throw new Error(`expected a ModelSetupError, got ${String(error)}`);
  return error;
}

const request: ExtractRequest = {
  skill: { name: "trip", description: "Book a trip." },
  fields: [{ name: "nights", shape: { kind: "number", min: 1, max: 14 } }],
  pending: { field: "nights", question: "How many nights?" },
  text: "three nights",
};

/** A loader standing in for an installed provider package whose class is a scripted chat model. */
function fakePackage(className: string, seen: Array<Record<string, unknown>>): ModuleLoader {
  class FakeChat extends ScriptedChatModel {
    constructor(settings: Record<string, unknown>) {
      super([{ nights: 3 }]);
      seen.push(settings);
    }
  }
  return async () => ({ [className]: FakeChat });
}

describe("resolveModel: defaults", () => {
  it("uses the offline extractor with a notice when there is no spec and no key", async () => {
    const model = await resolveModel(undefined, {});
    expect(model.id).toBe("offline");
    expect(model.notice).toBe(OFFLINE_NOTICE);
    expect((await model.extract(request)).extraction).toEqual({ ok: true, values: { nights: 3 } });
  });

  it("uses offline without a notice when asked for it", async () => {
    for (const spec of ["offline", " OFFLINE "]) {
      const model = await resolveModel(spec, { GOOGLE_API_KEY: "k" });
      expect([model.id, model.notice]).toEqual(["offline", undefined]);
    }
  });

  it("uses Gemini's default model when GOOGLE_API_KEY is set (no call is made)", async () => {
    expect((await resolveModel(undefined, { GOOGLE_API_KEY: "test-key" })).id).toBe("gemini:gemini-2.5-flash");
    expect((await resolveModel("gemini:gemini-2.5-pro", { GOOGLE_API_KEY: "k" })).id).toBe("gemini:gemini-2.5-pro");
    expect((await resolveModel("google", { GOOGLE_API_KEY: "k" })).id).toBe("gemini:gemini-2.5-flash");
  });
});

describe("resolveModel: errors", () => {
  it("names the key variable when it is missing", async () => {
    const error = await failure(resolveModel("gemini:gemini-2.5-flash", { GOOGLE_API_KEY: " " }));
    expect(error.code).toBe("missing-key");
    expect(error.message).toBe("gemini:gemini-2.5-flash needs an API key: set GOOGLE_API_KEY (or pass --model offline)");
  });

  it.each([
    ["openai:gpt-4o-mini", "@langchain/openai"],
    ["anthropic:claude-3-5-haiku-latest", "@langchain/anthropic"],
    ["ollama:llama3.1", "@langchain/ollama"],
  ])("says what to install for %s", async (spec, pkg) => {
    const error = await failure(resolveModel(spec, { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k" }));
    expect(error.code).toBe("missing-package");
    expect(error.message).toBe(`install ${pkg} to use ${spec} (npm i ${pkg})`);
  });

  it("rejects an unknown provider with the list of known ones", async () => {
    const error = await failure(resolveModel("mistral:large", {}));
    expect(error.code).toBe("unknown-provider");
    expect(error.message).toContain("use offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>");
  });

  it("does not mistake a missing dependency of the package for the package itself", async () => {
    const load: ModuleLoader = async () => {
      throw Object.assign(new Error("Cannot find package 'openai' imported from /x/node_modules/@langchain/openai/dist/index.js"), {
        code: "ERR_MODULE_NOT_FOUND",
      });
    };
    const error = await failure(resolveModel("openai:gpt-4o", { OPENAI_API_KEY: "k" }, load));
    expect(error.code).toBe("setup-failed");
    expect(error.message).toContain("could not load @langchain/openai for openai:gpt-4o");
  });

  it("reports a class that refuses its settings", async () => {
    const load: ModuleLoader = async () => ({
      ChatOpenAI: class {
        constructor() {
          throw new Error("bad model name");
        }
      },
    });
    const error = await failure(resolveModel("openai:x", { OPENAI_API_KEY: "k" }, load));
    expect([error.code, error.message]).toEqual(["setup-failed", "could not set up openai:x: bad model name"]);
  });
});

describe("resolveModel: installed providers", () => {
  it("builds the class with the model and key and extracts through it", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const load = fakePackage("ChatOpenAI", seen);
    expect((await failure(resolveModel("openai:gpt-4o-mini", {}, load))).message).toContain("set OPENAI_API_KEY");
    const model = await resolveModel("openai:gpt-4o-mini", { OPENAI_API_KEY: "sk-test" }, load);
    expect(model.id).toBe("openai:gpt-4o-mini");
    expect(seen.at(-1)).toEqual({ model: "gpt-4o-mini", apiKey: "sk-test" });
    const result = await model.extract(request);
    expect(result.extraction).toEqual({ ok: true, values: { nights: 3 } });
    expect(result.usage.totalTokens).toBeGreaterThan(0);
  });

  it("needs no key for Ollama, keeps colons in the model name and passes OLLAMA_BASE_URL", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const model = await resolveModel("ollama:llama3.1:8b", { OLLAMA_BASE_URL: "http://box:11434" }, fakePackage("ChatOllama", seen));
    expect(model.id).toBe("ollama:llama3.1:8b");
    expect(seen).toEqual([{ model: "llama3.1:8b", temperature: 0, baseUrl: "http://box:11434" }]);
  });

  it("uses the provider's default model when no name is given", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const model = await resolveModel("anthropic:", { ANTHROPIC_API_KEY: "k" }, fakePackage("ChatAnthropic", seen));
    expect(model.id).toBe("anthropic:claude-3-5-haiku-latest");
  });
});

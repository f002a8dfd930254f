/**
 * A tools.ts importing `./x.js` for its neighbour `x.ts` (the Node ESM convention `tsc` resolves) runs
 * the neighbour, and jiti is handed the file's real name, so it stops guessing through every failed
 * extension (typescript-specifiers.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importTools } from "../packages/core/src/loader/import-tools.js";
import { withTypeScriptSpecifiers } from "../packages/core/src/loader/typescript-specifiers.js";

const dir = mkdtempSync(join(tmpdir(), "flow-ts-specifiers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function files(entries: Record<string, string>): string {
  const root = mkdtempSync(join(dir, "skill-"));
  for (const [name, text] of Object.entries(entries)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("withTypeScriptSpecifiers", () => {
  const root = files({ "store/find.ts": "", "store/both.ts": "", "store/both.js": "", "store/esm.mts": "", "store/cjs.cts": "" });
  const at = join(root, "tools.ts");

  it("names the .ts of a relative .js import whose .js does not exist, at the same length", () => {
    const code = 'var a = await jitiImport("./store/find.js");\nconst b = require(\'./store/esm.mjs\');\nrequire("./store/cjs.cjs");';
    const out = withTypeScriptSpecifiers(code, at);
    expect(out).toBe('var a = await jitiImport("./store/find.ts");\nconst b = require(\'./store/esm.mts\');\nrequire("./store/cjs.cts");');
    expect(out.length).toBe(code.length);
  });

  it("leaves an import whose .js exists, one with no .ts, a package, and a string that is not an import", () => {
    const code = [
      'jitiImport("./store/both.js")',
      'jitiImport("./store/missing.js")',
      'jitiImport("zod")',
      'jitiImport("../outside.json")',
      'const path = "./store/find.js";',
      'loader.require("./store/find.js");',
      "const text = 'require(\"./store/find.js\")';",
      'const shown = "jitiImport(\'./store/find.js\')";',
    ].join("\n");
    expect(withTypeScriptSpecifiers(code, at)).toBe(code);
  });

  it("resolves against the compiled file's own folder", () => {
    const nested = join(root, "store", "index.ts");
    expect(withTypeScriptSpecifiers('require("./find.js")', nested)).toBe('require("./find.ts")');
    expect(withTypeScriptSpecifiers('require("./find.js")', at)).toBe('require("./find.js")');
    expect(withTypeScriptSpecifiers('require("../store/find.js")', nested)).toBe('require("../store/find.ts")');
  });
});

describe("a tools.ts importing its neighbours as .js", () => {
  it("runs them, through a folder and back", async () => {
    const root = files({
      "tools.ts": 'import { greet } from "./lib/greet.js";\nexport const tools = { hello: greet("tools") };\n',
      "lib/greet.ts": 'import { mark } from "../mark.js";\nexport const greet = (who: string): string => `hello ${who}${mark}`;\n',
      "mark.ts": 'export const mark: string = "!";\n',
    });
    const { module, diagnostic } = await importTools(join(root, "tools.ts"));
    expect(diagnostic).toBeUndefined();
    expect((module as { tools: { hello: string } }).tools.hello).toBe("hello tools!");
  });

  it("still reports a neighbour that is missing under either name", async () => {
    const source = 'import { nothing } from "./lib/absent.js";\nexport const tools = { nothing };\n';
    const root = files({ "tools.ts": source });
    const { diagnostic } = await importTools(join(root, "tools.ts"), source);
    expect(diagnostic).toMatchObject({ ruleId: "tools-throws", line: 1 });
    expect(diagnostic?.reason).toContain("./lib/absent.js");
  });
});

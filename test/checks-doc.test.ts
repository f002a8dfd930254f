/**
 * docs/checks.md documents every rule of the catalog, and each rule's output block is exactly the
 * diagnostics of its golden fixture (test/fixtures/checks/<rule-id>/expected.txt), so the wording in the
 * docs cannot drift from what `flow check` prints. `UPDATE=1` rewrites the blocks from the fixtures
 * (run it after the golden files are updated).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RULES } from "../packages/core/src/rule-catalog.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const docFile = join(root, "docs/checks.md");

/** The diagnostic lines of a fixture's expected output (without the summary). */
function expectedLines(id: string): string {
  const text = readFileSync(join(root, "test/fixtures/checks", id, "expected.txt"), "utf8");
  return text.split("\n").filter((line) => /^\S+:\d+:\d+ /.test(line)).join("\n");
}

const blockPattern = (id: string) => new RegExp("(<!-- output: " + id + " -->\\n```text\\n)([\\s\\S]*?)(\\n```)");

describe("docs/checks.md", () => {
  if (process.env.UPDATE === "1") {
    let doc = readFileSync(docFile, "utf8");
    for (const id of RULES.keys()) doc = doc.replace(blockPattern(id), (_, open: string, _old: string, close: string) => open + expectedLines(id) + close);
    writeFileSync(docFile, doc);
  }
  const doc = readFileSync(docFile, "utf8");

  for (const id of RULES.keys()) {
    it(`documents ${id} with its exact output`, () => {
      expect(doc).toContain(`### \`${id}\` (${RULES.get(id)!.severity})`);
      const block = blockPattern(id).exec(doc);
      expect(block, `no output block for ${id}`).not.toBeNull();
      expect(block![2]).toBe(expectedLines(id));
    });
  }
});

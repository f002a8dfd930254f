/**
 * Long names cut in messages (issue 36 §5): a name of 100 KB is shown by its first 80 characters, "…" and
 * its length — in backticks, or as any run of over 200 characters with no space — and a message with
 * no long name is left as it is. Diagnostics and the runtime's errors are built through it.
 */
import { describe, expect, it } from "vitest";
import { shortName, shortenNames } from "../../src/text/index.js";
import { makeDiagnostic } from "../../src/format/diagnose.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import { checkSkill } from "../../src/check/index.js";
import { Host, skillFrom } from "../runtime/host.js";

const long = "a".repeat(100_000);

describe("shortenNames", () => {
  it("cuts a name in backticks and a long run of any characters, and says how long each was", () => {
    expect(shortName(long)).toBe(`${"a".repeat(80)}… (100,000 characters)`);
    expect(shortenNames(`The tool \`${long}\` is not defined.`)).toBe(`The tool \`${"a".repeat(80)}… (100,000 characters)\` is not defined.`);
    expect(shortenNames(`path not found: /x/${long}`)).toBe(`path not found: ${`/x/${long}`.slice(0, 80)}… (100,003 characters)`);
  });

  it("leaves names up to 80 characters in backticks, and runs up to 200 characters, as they are", () => {
    const name = "b".repeat(80);
    const path = `/${"c".repeat(199)}`;
    expect(shortenNames(`\`${name}\` and ${path}.`)).toBe(`\`${name}\` and ${path}.`);
    const condition = `\`${"quote_trip.total > quote_trip.budget && ".repeat(3)}true\``;
    expect(shortenNames(`when ${condition} is false`)).toBe(`when ${condition} is false`);
  });

  it("is what every diagnostic's reason and fix go through", () => {
    const d = makeDiagnostic("s/SKILL.md", "unknown-tool", { line: 1, column: 1 }, `\`${long}\` is not a tool.`, `Define \`${long}\`.`);
    expect(d.reason.length + d.fix.length).toBeLessThan(300);
    const text = `---\nname: t\ndescription: A test.\n---\n## Steps\n\`\`\`yaml\n- say: "Hi {${long}}"\n\`\`\`\n`;
    const parsed = parseSkill(text, "t/SKILL.md");
    const all = [...parsed.diagnostics, ...(parsed.skill ? checkSkill(parsed.skill) : [])];
    expect(all.length).toBeGreaterThan(0);
    for (const found of all) expect(`${found.reason} ${found.fix}`.length).toBeLessThan(600);
    expect(all.some((found) => found.reason.includes("… (100,000 characters)"))).toBe(true);
  });

  it("is what the runtime's errors go through (a skill run without the checker, naming a tool of 100,000 characters)", () => {
    const host = new Host(skillFrom(`---\nname: t\ndescription: A test.\n---\n## Steps\n\`\`\`yaml\n- do: ${long}\n\`\`\`\n`, []), {});
    const turn = host.send({ type: "preset", values: {} } as never);
    const errors = turn.effects.flatMap((e) => (e.type === "error" ? [e.message] : []));
    expect(errors).toEqual([`Cannot run ${"a".repeat(80)}… (100,000 characters): no such tool.`]);
  });
});

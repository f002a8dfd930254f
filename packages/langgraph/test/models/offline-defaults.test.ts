/**
 * A field that holds its default (`current`): the extraction prompt shows the value it holds, and the
 * offline extractor reads "same address, but Suite 641" as a new value for the one field whose default
 * the new words replace, leaving the others out.
 */
import { describe, expect, it } from "vitest";
import type { FieldInScope } from "../../src/understand/model-port.js";
import { extractOffline } from "../../src/models/offline-model.js";
import { describeField } from "../../src/understand/describe-field.js";

const line = (name: string, current?: string): FieldInScope => ({ name, shape: { kind: "text" }, ...(current !== undefined ? { current } : {}) });
const ADDRESS = [line("address1", "291 River Road"), line("address2", "Suite 271"), line("city", "Austin")];

const run = (text: string, fields = ADDRESS) => extractOffline({ skill: { name: "move", description: "Move an order." }, fields, text });

describe("a defaulted field", () => {
  it("is shown to the model with the value it holds, to return only when the message changes it", () => {
    expect(describeField(line("address2", "Suite 271"))).toBe('- address2: free text — now "Suite 271", a default: return it only if the message changes it');
    expect(describeField(line("address2"))).toBe("- address2: free text");
  });

  it("takes the one line the message changes, offline", () => {
    expect(run("same address, but Suite 641")).toEqual({ address2: "Suite 641" });
    expect(run("Keep it all, except Suite 9")).toEqual({ address2: "Suite 9" });
  });

  it("takes nothing when the words fit no default, fit two, or repeat the default", () => {
    expect(run("same address, but faster")).toEqual({});
    expect(run("same address, but Suite 271")).toEqual({});
    const two = [line("address1", "Suite 1"), line("address2", "Suite 2")];
    expect(run("same, but Suite 9", two)).toEqual({});
    expect(run("same address, but Suite 641", [line("address2")])).toEqual({});
  });
});

import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, suggest } from "../../src/format/suggest.js";

describe("suggest", () => {
  it("counts a swap of two neighbouring letters as one edit", () => {
    expect(editDistance("mni", "min")).toBe(1);
    expect(editDistance("comfirm", "confirm")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("suggests the closest key, ignoring case, only when it is a likely typo", () => {
    expect(suggest("comfirm", ["say", "ask", "confirm"])).toBe("confirm");
    expect(suggest("Ask", ["say", "ask"])).toBe("ask");
    expect(suggest("choises", ["choices", "pattern"])).toBe("choices");
    expect(suggest("banana", ["say", "ask", "confirm"])).toBeUndefined();
  });

  it("writes the fix sentence", () => {
    expect(didYouMean("wigdet", ["widget", "from"], "step keys")).toBe("Did you mean `widget`?");
    expect(didYouMean("zzz", ["min", "max"], "options")).toBe("Use one of the options: min, max.");
  });
});

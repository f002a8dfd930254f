import { describe, expect, it } from "vitest";
import { splitTemplate } from "../../src/format/parse-template.js";

describe("splitTemplate", () => {
  it("splits text and holes, with where each hole's text starts", () => {
    expect(splitTemplate("Pay {quote.total} EUR?")).toEqual({
      parts: ["Pay ", { source: "quote.total", start: 5 }, " EUR?"],
      problems: [],
    });
  });

  it("reads `{{` and `}}` as literal braces", () => {
    expect(splitTemplate("{{a}} and {b}").parts).toEqual(["{a} and ", { source: "b", start: 11 }]);
  });

  it("balances braces and skips quoted braces inside a hole", () => {
    expect(splitTemplate("{ {'k': '}'}['k'] }!").parts).toEqual([{ source: " {'k': '}'}['k'] ", start: 1 }, "!"]);
  });

  it("reports an unclosed hole and an empty one", () => {
    expect(splitTemplate("a {} b").problems).toEqual([{ index: 2, kind: "empty" }]);
    expect(splitTemplate("x {y").problems).toEqual([{ index: 2, kind: "unclosed" }]);
    expect(splitTemplate("x {y").parts).toEqual(["x {y"]);
  });
});

import { describe, expect, it } from "vitest";
import { parseDbUrl } from "../../src/persistence/parse-db-url.js";
import { PersistenceError, redactUrl } from "../../src/persistence/persistence-error.js";

describe("parseDbUrl", () => {
  it.each([
    [undefined, { kind: "memory" }],
    ["", { kind: "memory" }],
    ["memory", { kind: "memory" }],
    [":memory:", { kind: "memory" }],
    ["sqlite:.flow/chat.sqlite", { kind: "sqlite", path: ".flow/chat.sqlite" }],
    ["sqlite:///tmp/a.db", { kind: "sqlite", path: "/tmp/a.db" }],
    ["/var/lib/flow.db", { kind: "sqlite", path: "/var/lib/flow.db" }],
    ["chat.sqlite", { kind: "sqlite", path: "chat.sqlite" }],
    ["C:\\flow\\chat.db", { kind: "sqlite", path: "C:\\flow\\chat.db" }],
    ["postgres://u@h:5432/db", { kind: "postgres", url: "postgres://u@h:5432/db" }],
    ["postgresql://u:p@h/db", { kind: "postgres", url: "postgresql://u:p@h/db" }],
  ])("%s", (url, expected) => {
    expect(parseDbUrl(url)).toEqual(expected);
  });

  it("refuses an unknown scheme instead of taking it for a file", () => {
    expect(() => parseDbUrl("postgress://h/db")).toThrow(PersistenceError);
    expect(() => parseDbUrl("mysql://h/db")).toThrow(/Unknown database URL scheme `mysql:`/);
  });

  it("refuses sqlite: with no path", () => {
    expect(() => parseDbUrl("sqlite:")).toThrow(/names no file/);
  });
});

describe("redactUrl", () => {
  it("hides the password and keeps the rest", () => {
    expect(redactUrl("postgres://bob:s3cret@db.local:5432/x")).toBe("postgres://bob:***@db.local:5432/x");
    expect(redactUrl("postgres://bob@db.local/x")).toBe("postgres://bob@db.local/x");
  });
});

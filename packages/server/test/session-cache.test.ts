// A session token found once is not read from the database again (a session row never changes), while
// its age is still checked at every use and an unknown token is looked up every time.
import { describe, expect, it } from "vitest";
import { openServeStore } from "../src/store/open-serve-store.js";
import { recordQueries } from "./helpers/record-queries.js";

describe("sessionSubject", () => {
  it("reads a known token once, keeps checking its age, and looks an unknown token up each time", async () => {
    const store = await openServeStore(":memory:");
    const selects = recordQueries(store, (sql) => sql.includes("skillflow_serve_sessions"));
    const token = await store.createSession("approver", "dana", "2027-03-01T09:00:00Z");
    expect(await store.sessionSubject("approver", token, "2027-03-01T09:00:01Z", 60_000)).toBe("dana");
    expect(await store.sessionSubject("approver", token, "2027-03-01T09:00:30Z", 60_000)).toBe("dana");
    expect(selects).toHaveLength(1);
    // Past its age: refused, from the kept row too.
    expect(await store.sessionSubject("approver", token, "2027-03-01T09:02:00Z", 60_000)).toBeUndefined();
    // Another kind with the same token is not the same session.
    expect(await store.sessionSubject("caller", token, "2027-03-01T09:00:01Z")).toBeUndefined();
    expect(await store.sessionSubject("caller", "no-such-token", "2027-03-01T09:00:01Z")).toBeUndefined();
    expect(await store.sessionSubject("caller", "no-such-token", "2027-03-01T09:00:01Z")).toBeUndefined();
    expect(selects).toHaveLength(4);
    await store.close();
  });
});

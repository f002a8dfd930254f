/**
 * This server behind `@ag-ui/a2ui-middleware` (CopilotKit's A2UI layer for AG-UI agents): the
 * middleware lets our `a2ui-surface` activities through unchanged, and a user action it is given in
 * `forwardedProps.a2uiAction` still reaches the server (the middleware adds a tool-call message for a
 * model, which this server does not read): the click is the pick, with no model call.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { A2UIMiddleware } from "@ag-ui/a2ui-middleware";
import { AguiDriver } from "./helpers/agui-driver.js";
import { act, clickOf, surfacesOf } from "./helpers/a2ui-client.js";
import { newToken, startServe, type ServeFixture } from "./helpers/serve-fixture.js";

let serve: ServeFixture;
beforeAll(async () => void (serve = await startServe()));
afterAll(() => serve.close());

describe("A2UI behind @ag-ui/a2ui-middleware", () => {
  it("passes the surfaces through and the action on: the click is the pick", async () => {
    const chat = new AguiDriver(serve.url, await newToken(serve.url), "a2ui-mw-1");
    const middleware = new A2UIMiddleware();
    const runs = vi.spyOn(middleware, "run");
    chat.agent.use(middleware);
    chat.forwardedProps = { skillflow: { ui: "a2ui" } };
    await chat.look();
    const flights = await chat.say("Lisbon AI Summit, 3 nights");
    const [grid] = surfacesOf(flights);
    expect(flights.activities.map((a) => a.activityType)).toEqual(["a2ui-surface"]);
    expect(grid!.find((m) => m.createSurface)!.createSurface.surfaceId).toBe(flights.activities[0]!.messageId);
    const hotels = await act(chat, clickOf(grid!, "row.1.pick"));
    expect(hotels.error).toBeUndefined();
    expect(hotels.state!.answers.flight_id).toEqual({ value: "BA500", by: "widget" });
    expect(hotels.state!.usage.modelCalls).toBe(1);
    // Every run went through the middleware, the last one with the action it turned into messages.
    expect(runs).toHaveBeenCalledTimes(3);
    expect(runs.mock.calls[2]![0].forwardedProps.a2uiAction.userAction.context.value).toBe("BA500");
  });
});

/**
 * A fetch-style handler as a Node `http` request listener — `(req, res) => void` — for `node:http`,
 * Express (`app.post("/agui", toNodeListener(server.agui))`) or anything built on them.
 */
import { getRequestListener } from "@hono/node-server";

export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return getRequestListener(handler);
}

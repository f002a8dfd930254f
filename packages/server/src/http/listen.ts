/**
 * Serving a `SkillflowServer` on a port with Node's `http` (through `@hono/node-server`'s request
 * listener). `stop()` is the graceful shutdown: new runs are refused (503) while running ones finish,
 * then the port is closed and the stores released.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { SkillflowServer } from "../create-server.js";
import { toNodeListener } from "./node-listener.js";

export interface Listening {
  /** `http://host:port/` as a browser opens it. */
  url: string;
  port: number;
  stop(timeoutMs?: number): Promise<void>;
}

/** Serve anything with a fetch handler and a graceful shutdown: a `SkillflowServer`, or the Studio built on one. */
export function listen(server: Pick<SkillflowServer, "fetch" | "shutdown">, options: { port: number; host: string }): Promise<Listening> {
  const http = createServer(toNodeListener(server.fetch));
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => {
      http.off("error", reject);
      const { port } = http.address() as AddressInfo;
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      let stopped: Promise<void> | undefined;
      resolve({
        url: `http://${host}:${port}/`,
        port,
        stop: (timeoutMs) => (stopped ??= (async () => {
          http.close();
          await server.shutdown(timeoutMs);
          http.closeAllConnections();
        })()),
      });
    });
  });
}

/**
 * Test fixture: a real `@skillflow/server` on a real `node:http` server (the handler mounted with
 * `toNodeListener`) on a free loopback port, with the offline extractor or a scripted model, and its
 * log lines kept. `close()` shuts the server down gracefully and frees the port.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { offlineModel } from "@skillflow/langgraph/models";
import { createSkillflowServer, toNodeListener, type SkillflowServer, type SkillflowServerOptions } from "@skillflow/server";

export const SKILLS = fileURLToPath(new URL("../../../../skills/", import.meta.url));
export const skillPath = (name: string) => `${SKILLS}${name}`;
/** The clock the example skills' proofs use (order dates, plan start days). */
export const NOW = "2027-03-01T09:00:00Z";

export interface ServeFixture {
  server: SkillflowServer;
  url: string;
  http: Server;
  logs: string[];
  close(): Promise<void>;
}

export async function startServe(options: Partial<SkillflowServerOptions> & { skills?: SkillflowServerOptions["skills"] } = {}): Promise<ServeFixture> {
  const logs: string[] = [];
  const server = await createSkillflowServer({
    skills: options.skills ?? [skillPath("conference-trip")],
    model: options.model ?? offlineModel(),
    now: NOW,
    log: (line) => logs.push(line),
    ...options,
  });
  const http = createServer(toNodeListener(server.fetch));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    server, http, logs, url: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.shutdown(5000);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A new API caller's bearer token. */
export async function newToken(url: string): Promise<string> {
  const response = await fetch(`${url}/sessions`, { method: "POST" });
  return ((await response.json()) as { token: string }).token;
}

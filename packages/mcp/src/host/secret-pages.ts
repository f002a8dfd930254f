/**
 * The pages where the person types a secret (an approval code, a PIN) for URL-mode elicitation: MCP says
 * form elicitation MUST NOT carry sensitive values, so the host is asked to open a link instead, and the
 * value goes from the person's browser straight to this process — past the host and its model. The edge:
 * one small HTTP listener on 127.0.0.1 (a free port), started on first use and unref'd.
 *
 * Each request is one unguessable link, good for one value and `timeoutMs`. A value that does not match
 * the field's pattern is refused on the page, which asks again.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { renderSecretPage } from "./render-secret-page.js";

export interface SecretRequest {
  /** The elicitation id (also the link's last segment). */
  id: string;
  url: string;
  /** The value typed, or undefined when the link expired or was cancelled. */
  value: Promise<string | undefined>;
  cancel(): void;
}

interface Waiting {
  question: string;
  pattern?: RegExp;
  settle(value: string | undefined): void;
}

export class SecretPages {
  private server?: Promise<{ server: Server; port: number }>;
  private readonly waiting = new Map<string, Waiting>();

  async request(question: string, pattern: string | undefined, timeoutMs: number): Promise<SecretRequest> {
    const { port } = await this.listen();
    const id = randomUUID();
    let settle!: (value: string | undefined) => void;
    const value = new Promise<string | undefined>((done) => (settle = done));
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    timer.unref();
    const finish = (typed: string | undefined) => {
      clearTimeout(timer);
      this.waiting.delete(id);
      settle(typed);
    };
    this.waiting.set(id, { question, ...(pattern !== undefined && { pattern: new RegExp(pattern) }), settle: finish });
    return { id, url: `http://127.0.0.1:${port}/secret/${id}`, value, cancel: () => finish(undefined) };
  }

  async close(): Promise<void> {
    for (const waiting of [...this.waiting.values()]) waiting.settle(undefined);
    const opened = await this.server?.catch(() => undefined);
    await new Promise<void>((done) => (opened ? opened.server.close(() => done()) : done()));
  }

  private listen(): Promise<{ server: Server; port: number }> {
    return (this.server ??= new Promise((resolve, reject) => {
      const server = createServer((req, res) => void this.handle(req, res));
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        server.unref();
        const address = server.address();
        resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
      });
    }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const id = /^\/secret\/([0-9a-f-]{36})$/.exec(req.url ?? "")?.[1];
    const waiting = id === undefined ? undefined : this.waiting.get(id);
    const send = (status: number, html: string) => res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
    if (!waiting) return void send(404, renderSecretPage({ expired: true }));
    if (req.method !== "POST") return void send(200, renderSecretPage({ question: waiting.question }));
    const value = new URLSearchParams(await bodyOf(req)).get("value") ?? "";
    if (value === "" || (waiting.pattern && !waiting.pattern.test(value))) {
      return void send(200, renderSecretPage({ question: waiting.question, refused: true }));
    }
    waiting.settle(value);
    send(200, renderSecretPage({ received: true }));
  }
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

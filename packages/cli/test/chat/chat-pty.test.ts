/**
 * Issue 36, point 2, as a person meets it: `flow chat` on a terminal (a pty, through tmux), offline.
 * A flight is picked by its words ("the TAP one" names two flights and asks which; "the British Airways
 * one" picks BA500), the hotel by its name, and the checkout is answered "yes, go ahead": the trip is
 * booked. Another chat answers "no thanks" and nothing is booked. Skipped where tmux is not installed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = join(root, "packages/cli/bin/flow.js");
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
const env = { ...process.env, GOOGLE_API_KEY: "", NO_COLOR: "1" };
let socket: string | undefined;

afterEach(() => {
  if (socket) spawnSync("tmux", ["-L", socket, "kill-server"]);
  socket = undefined;
});

const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket!, ...args], { env, encoding: "utf8" });
const screen = () => tmux("capture-pane", "-p", "-J", "-t", "chat", "-S", "-200");

async function waitFor(text: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The chat never showed ${JSON.stringify(text)}:\n${screen()}`);
}

/** Type a line, and wait until the chat shows `then`. */
async function type(line: string, then: string): Promise<string> {
  tmux("send-keys", "-t", "chat", "-l", line);
  tmux("send-keys", "-t", "chat", "Enter");
  return waitFor(then);
}

async function startChat(): Promise<void> {
  socket = `flow-chat-pty-${process.pid}-${Date.now()}`;
  tmux("new-session", "-d", "-s", "chat", "-x", "200", "-y", "60", "-c", root, `${process.execPath} ${bin} chat skills/conference-trip --db memory; sleep 60`);
  await waitFor("Which conference are you going to?");
  await type("Lisbon AI Summit", "How many nights will you stay?");
  await type("3", "Which flight would you like?");
}

describe.skipIf(!hasTmux)("flow chat in a terminal: answers in words", () => {
  it("picks rows by their words, asks which when several match, and books on \"yes, go ahead\"", async () => {
    await startChat();
    const asked = await type("the TAP one", "Which one do you mean?");
    expect(asked).toContain("2 options match that: TP1350 (TAP,");
    expect(asked).not.toContain("Nothing in that message answered the question.");
    await type("the British Airways one", "Where would you like to stay?");
    const card = await type("Hotel Baixa Nova", "to go ahead with the above");
    expect(card).toContain("Pay 1,065.00 EUR for flight BA500 and 3 nights at Hotel Baixa Nova?");
    const booked = await type("yes, go ahead", "usage:");
    expect(booked).toMatch(/Booked\. Your reference is TRIP-[0-9A-F]+\./);
  }, 90_000);

  it("\"no thanks\" at the checkout books nothing and says so", async () => {
    await startChat();
    await type("1", "Where would you like to stay?");
    await type("1", "to go ahead with the above");
    const declined = await type("no thanks", "Change what you need");
    expect(declined).toContain("You said no, so nothing was run.");
    expect(declined).not.toContain("Booked.");
  }, 90_000);
});

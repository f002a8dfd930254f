#!/usr/bin/env node
import { main } from "../dist/main.js";

// A reader that stops early (`flow check skills | head -1`) closes the pipe: stop writing quietly
// instead of crashing with an EPIPE stack trace; the command still ends with its own exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
}

// When the command waits for a promise that can never settle and nothing else is pending, Node ends the
// process with exit code 13 and no word: say what happened, and end as a failure (1).
let finished = false;
process.on("exit", () => {
  if (finished || process.exitCode !== 13) return;
  process.stderr.write("flow: stopped: the command was waiting for a promise that can never settle, with nothing else left to run (a top-level `await` in tools.ts, or a tool that never answers?).\n");
  process.exitCode = 1;
});

const code = await main(process.argv.slice(2));
finished = true;

// The command has reported: end now, whatever a skill's tools.ts left running (a timer, a socket, an
// import that never settles), once what was written has been handed to the OS.
const flushed = (stream) => new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);

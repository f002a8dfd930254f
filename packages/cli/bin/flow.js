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

process.exitCode = await main(process.argv.slice(2));
finished = true;

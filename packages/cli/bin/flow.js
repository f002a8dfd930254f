#!/usr/bin/env node
import { main } from "../dist/main.js";

// A reader that stops early (`flow check skills | head -1`) closes the pipe: stop writing quietly
// instead of crashing with an EPIPE stack trace; the command still ends with its own exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));

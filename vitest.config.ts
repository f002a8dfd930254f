import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { SlowFirstSequencer } from "./test/helpers/slow-first-sequencer.js";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      // Subpath exports first: an alias also matches "<key>/…", so "@skillflow/core" would swallow them.
      "@skillflow/core/loader": fileURLToPath(new URL("./packages/core/src/loader/index.ts", import.meta.url)),
      "@skillflow/core/edit": fileURLToPath(new URL("./packages/core/src/edit/index.ts", import.meta.url)),
      "@skillflow/core/text": fileURLToPath(new URL("./packages/core/src/text/index.ts", import.meta.url)),
      "@skillflow/core": src("core"),
      "@skillflow/langgraph/models": fileURLToPath(new URL("./packages/langgraph/src/models/index.ts", import.meta.url)),
      "@skillflow/langgraph/prove": fileURLToPath(new URL("./packages/langgraph/src/prove/index.ts", import.meta.url)),
      "@skillflow/langgraph/persistence": fileURLToPath(new URL("./packages/langgraph/src/persistence/index.ts", import.meta.url)),
      "@skillflow/langgraph/testing": fileURLToPath(new URL("./packages/langgraph/src/testing/index.ts", import.meta.url)),
      "@skillflow/langgraph/platform": fileURLToPath(new URL("./packages/langgraph/src/platform/index.ts", import.meta.url)),
      "@skillflow/langgraph": src("langgraph"),
      "@skillflow/mcp": src("mcp"),
      "@skillflow/server": src("server"),
      "@skillflow/studio": src("studio"),
      "@skillflow/cli": src("cli"),
    },
  },
  test: {
    include: ["test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    exclude: ["**/*.int.test.ts", "**/node_modules/**"],
    testTimeout: 30000,
    // A cleanup hook (removing a temp folder, stopping a server) can wait seconds for CPU while two other
    // files run children and a browser: in one fresh-clone CI run an afterAll rmSync hit the 10 s default.
    hookTimeout: 60000,
    // expect.poll waits 1 s by default: a browser test's page that runs `flow check` behind a click took
    // longer beside two other files in a fresh-clone CI run. A poll that cannot succeed still fails.
    expect: { poll: { timeout: 15000 } },
    pool: "forks",
    // Files share a worker's module cache: importing the packages once per worker instead of once per
    // file saved about 230 s of CPU (100 s of wall time) per CI run. A file that needs a module fresh
    // imports it after vi.resetModules() (fs-errors); one that needs fresh process state resets it
    // (example-proofs: the retail store).
    isolate: false,
    // vitest's default is one worker per core less one: on CI's two cores, one test file at a time, while
    // most of the slow files mostly wait (on child processes, PostgreSQL, a browser, timers). Several files
    // at once take a fresh-clone CI run from about 12 minutes to under 10 (docs/design.md, "The test suite").
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
  },
});

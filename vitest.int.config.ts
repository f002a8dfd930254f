// Tests against real services (`*.int.test.ts`): not part of `npm test`. Each skips itself unless its key
// or URL is set. Run: `npx vitest run --config vitest.int.config.ts [path]`.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

export default defineConfig({
  ...base,
  test: { ...base.test, include: ["**/*.int.test.ts"], exclude: ["**/node_modules/**"], testTimeout: 120000 },
});

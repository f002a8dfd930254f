// Bundles the chat page and the approver page (page/*.ts, with @ag-ui/client) into page-dist/ with
// esbuild: run at `prepare` (npm ci) and `npm run build`, so no dev server is ever needed.
import { build } from "esbuild";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}page-dist`;
await mkdir(out, { recursive: true });
const result = await build({
  entryPoints: { chat: `${root}page/chat.ts`, approve: `${root}page/approve.ts` },
  outdir: out,
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  legalComments: "none",
  // SSE only: the protobuf decoder is not needed in a browser that never asks for it.
  alias: { "@ag-ui/proto": `${root}page/proto-stub.ts` },
  metafile: true,
  logLevel: "warning",
});
await copyFile(`${root}page/style.css`, `${out}/style.css`);
// Served gzipped to browsers that accept it (most of the chat bundle is @ag-ui/client and zod).
for (const file of ["chat.js", "approve.js", "style.css"]) {
  await writeFile(`${out}/${file}.gz`, gzipSync(await readFile(`${out}/${file}`), { level: 9 }));
}
const sizes = Object.entries(result.metafile.outputs).map(([file, o]) => `${file.split("/").pop()} ${(o.bytes / 1024).toFixed(0)} KiB`);
console.log(`page built: ${sizes.join(", ")}`);

// Bundles the Studio's page (page/*.ts with CodeMirror 6) into page-dist/ with esbuild: run at `prepare`
// (npm ci) and `npm run build`, so no dev server is ever needed.
import { build } from "esbuild";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}page-dist`;
await mkdir(out, { recursive: true });
const result = await build({
  entryPoints: { studio: `${root}page/studio.ts` },
  outdir: out,
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});
await copyFile(`${root}page/style.css`, `${out}/studio.css`);
for (const file of ["studio.js", "studio.css"]) {
  await writeFile(`${out}/${file}.gz`, gzipSync(await readFile(`${out}/${file}`), { level: 9 }));
}
const sizes = Object.entries(result.metafile.outputs).map(([file, o]) => `${file.split("/").pop()} ${(o.bytes / 1024).toFixed(0)} KiB`);
console.log(`studio page built: ${sizes.join(", ")}`);

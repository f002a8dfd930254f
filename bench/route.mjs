// bench:route — what one model call costs as the hosted skills grow (by part), and routing recall over
// a τ²-bench task file. TypeScript loaded by jiti, as bench:tau. Options and output: bench/route/main.ts
// and docs/models.md.
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { main } = await jiti.import("./route/main.ts");
process.exitCode = await main(process.argv.slice(2));

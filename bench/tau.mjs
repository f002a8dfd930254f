// bench:tau — τ²-bench retail tasks through the retail skills, beside a ReAct agent on the same tools.
// The bench is TypeScript (it shares skills/retail's store and data); jiti loads it, as the skill loader
// loads tools.ts. Options and what it prints: bench/tau/main.ts and docs/tau-bench.md.
import { createJiti } from "jiti";

const jiti = createJiti(import.meta.url);
const { main } = await jiti.import("./tau/main.ts");
process.exitCode = await main(process.argv.slice(2));

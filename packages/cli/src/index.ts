export { main } from "./main.js";
export { cli } from "./cli.js";
export { EXIT } from "./io.js";
export type { CliIo, ChatInput, ExitCode } from "./io.js";
export { COMMANDS } from "./commands/registry.js";
export type { CommandEntry, CommandModule, CommandContext } from "./commands/registry.js";

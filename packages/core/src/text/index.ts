// @skillflow/core/text — how messages show what they quote: long names cut. Light (no parser, no CEL), so
// a command line can use it before it loads anything else. Named exports only; test/public-api.test.ts pins them.
export { NAME_SHOWN, shortName, shortenNames } from "./shorten-names.js";

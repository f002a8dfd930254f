/** The retail store's tools (../tools.ts), hosted with the other retail skills on one store per process. */
export { default } from "../tools.js";

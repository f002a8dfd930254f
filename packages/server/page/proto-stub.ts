/**
 * Stands in for `@ag-ui/proto` in the page bundle: the server answers in SSE only (the page never
 * asks for protobuf), so the protobuf decoder (~100 KiB) is left out. Only what @ag-ui/client reads.
 */
export const AGUI_MEDIA_TYPE = "application/vnd.ag-ui.event+proto";
export class AGUIUnknownEventTypeError extends Error {}
export function decode(): never {
  throw new Error("This page reads AG-UI over SSE only.");
}
export function encode(): never {
  throw new Error("This page reads AG-UI over SSE only.");
}

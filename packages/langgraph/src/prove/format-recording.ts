/**
 * The lines `flow prove --model …` adds under a proof's checks: where the cassette went (or why it was
 * not written), then how often the real model's extraction matched the scripted one, field by field:
 *
 *   cassette written: proofs/x.cassette.json (gemini:gemini-2.5-flash)
 *   field       matched
 *   nights      2/2
 *   conference  0/1
 *
 * Pure.
 */
import type { ProofRecording } from "./run-proof.js";

export function formatRecording(recording: ProofRecording): string[] {
  const where = `${recording.cassette} (${recording.model})`;
  const lines = [recording.written ? `cassette written: ${where}` : `cassette not written (${recording.reason}): ${where}`];
  if (recording.fields.length === 0) return [...lines, "no scripted `model:` values to compare"];
  const width = Math.max("field".length, ...recording.fields.map((row) => row.field.length)) + 2;
  lines.push(`${"field".padEnd(width)}matched`);
  for (const row of recording.fields) lines.push(`${row.field.padEnd(width)}${row.matched}/${row.total}`);
  return lines;
}

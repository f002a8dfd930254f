/** Build SKILL.md text for parser tests: frontmatter, optional Fields block, Steps block. */
export function skillText(steps: string, fields?: string): string {
  const fieldsBlock = fields === undefined ? "" : `## Fields\n\n\`\`\`yaml\n${fields}\`\`\`\n\n`;
  return `---\nname: t\ndescription: A test skill.\n---\n\n# Test\n\n${fieldsBlock}## Steps\n\n\`\`\`yaml\n${steps}\`\`\`\n`;
}

/** File line of the first line inside the Steps block of `skillText(steps)` without fields. */
export const STEPS_LINE = 11;
/** File line of the first line inside the Fields block of `skillText(steps, fields)`. */
export const FIELDS_LINE = 11;

/** "line:column" (1-based) of the `nth` occurrence of `needle` in `text`, plus `shift` columns. */
export function at(text: string, needle: string, shift = 0, nth = 1): string {
  let index = -1;
  for (let i = 0; i < nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before[before.length - 1].length + 1 + shift}`;
}

/**
 * The model's reply to a draft request, read as text and nothing more: the SKILL.md between
 * `<skill_md>` and `</skill_md>`, and (when no tools were given) the tools proposal between
 * `<tools_yaml>` and `</tools_yaml>`. A reply without the tags that is a SKILL.md itself (it starts with
 * `---`, perhaps inside one Markdown fence) is taken whole. Pure.
 */

export interface DraftReply {
  /** The SKILL.md text; empty when the reply holds none. */
  skill: string;
  /** The tools proposal (YAML), when the reply has one. */
  tools?: string;
}

export function readDraftReply(reply: string): DraftReply {
  const skill = between(reply, "skill_md") ?? bare(reply);
  const tools = between(reply, "tools_yaml");
  return { skill: skill.trim() ? `${skill.trim()}\n` : "", ...(tools !== undefined && { tools: unfence(tools).trim() }) };
}

function between(text: string, tag: string): string | undefined {
  const open = text.indexOf(`<${tag}>`);
  const close = text.indexOf(`</${tag}>`, open + 1);
  if (open < 0 || close < 0) return undefined;
  return unfence(text.slice(open + tag.length + 2, close));
}

/** A reply with no tags: the SKILL.md itself, perhaps wrapped in one outer fence. */
function bare(text: string): string {
  const inner = unfence(text).trim();
  return inner.startsWith("---") ? inner : "";
}

/** Text without one outer ``` (or longer) fence around it, if it has one. */
function unfence(text: string): string {
  const match = /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\s*$/.exec(text);
  return match ? match[2]! : text;
}

/**
 * Which hosted skills a message is likely about, chosen without a model: a BM25 index (MiniSearch's
 * BM25+) over each skill's words — its name, its description, and each field's name, description,
 * choices and synonyms. Terms are lower-cased, stop words dropped (the `stopword` package's English
 * list) and stemmed (`stemmer`, Porter), so "returned" finds "return" and "the" finds nothing.
 *
 * The index is built once per list of hosted skills (a flow's list is fixed for its life) and kept
 * beside it; ranking a message reads it only. Deterministic: the same skills and message give the
 * same order (ties keep the hosting order).
 */
import MiniSearch from "minisearch";
import { stemmer } from "stemmer";
import { eng } from "stopword";
import type { Skill } from "@skillflow/core";

const STOP = new Set(eng);

/** A skill's words as the index holds them. */
interface SkillDocument {
  id: number;
  name: string;
  description: string;
  fields: string;
}

const indexes = new WeakMap<readonly { skill: Skill }[], MiniSearch<SkillDocument>>();

/** A hosted skill's name and its BM25 score for a message. */
export interface RankedSkill {
  name: string;
  score: number;
}

/**
 * The hosted skills the message shares words with, best first, with their scores. A skill sharing no
 * word with the message is not listed.
 */
export function rankSkills(hosted: readonly { skill: Skill }[], text: string): RankedSkill[] {
  const index = indexOf(hosted);
  const hits = index.search(text).filter((hit) => hit.score > 0);
  // MiniSearch sorts by score; equal scores keep the hosting order.
  hits.sort((a, b) => b.score - a.score || a.id - b.id);
  return hits.map((hit) => ({ name: hosted[hit.id]!.skill.name, score: hit.score }));
}

/** The words of one skill, as indexed: name, description, and every field's words. Pure. */
export function skillDocument(skill: Skill, id = 0): SkillDocument {
  const fields = Object.values(skill.fields).map((field) => [
    field.name,
    field.description ?? "",
    ...(field.shape.kind === "choices" ? field.shape.choices : []),
    ...Object.entries(field.synonyms ?? {}).flat(2),
  ].join(" "));
  return { id, name: skill.name, description: skill.description, fields: fields.join(" ") };
}

function indexOf(hosted: readonly { skill: Skill }[]): MiniSearch<SkillDocument> {
  const known = indexes.get(hosted);
  if (known) return known;
  const index = new MiniSearch<SkillDocument>({
    fields: ["name", "description", "fields"],
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u),
    processTerm: readTerm,
    searchOptions: { boost: { name: 2, description: 1.5 }, combineWith: "OR" },
  });
  index.addAll(hosted.map(({ skill }, id) => skillDocument(skill, id)));
  indexes.set(hosted, index);
  return index;
}

/** A word as the index compares it: lower case, stemmed; null for a stop word or a lone character. */
function readTerm(word: string): string | null {
  const term = word.toLowerCase();
  if (term.length < 2 || STOP.has(term)) return null;
  return stemmer(term);
}

/**
 * A small description of the values tools take and return, enough to type-check conditions and
 * templates (CEL) and to bind tool inputs. Derived from zod schemas at load time.
 */
export type ValueType =
  /** `values`: the only texts it can be (a `z.enum([...])`), in the order declared. */
  | { t: "string"; values?: string[] }
  | { t: "int" }
  | { t: "double" }
  | { t: "bool" }
  | { t: "null" }
  | { t: "list"; of: ValueType }
  | {
      t: "object";
      fields: Record<string, ValueType>;
      optional?: string[];
      /** Plain words for each field, from zod `.describe()` (used by the procedure and prompts). */
      descriptions?: Record<string, string>;
    }
  | { t: "dyn" };

/**
 * Value types ⇄ CEL types. Object value types become CEL message types (registered on an Environment,
 * each with its own constructor so values can be converted); the table remembers the mapping both ways.
 * Mutates the Environment it is given (registration only); otherwise pure.
 */
import type { Environment } from "@marcbachmann/cel-js";
import type { ValueType } from "../tools/value-type.js";

type ObjectType = Extract<ValueType, { t: "object" }>;
export type CelObjectCtor = new (props: Record<string, unknown>) => object;

const DYN: ValueType = { t: "dyn" };

export class TypeTable {
  private readonly names: Map<ValueType, string>;
  private readonly byName: Map<string, ValueType>;
  private readonly ctors: Map<ValueType, CelObjectCtor>;

  constructor(private readonly env: Environment, parent?: TypeTable) {
    this.names = new Map(parent?.names);
    this.byName = new Map(parent?.byName);
    this.ctors = new Map(parent?.ctors);
  }

  /** A table for a clone of this table's environment, knowing every type registered so far. */
  fork(env: Environment): TypeTable {
    return new TypeTable(env, this);
  }

  /** The CEL type name for a value type; object types are registered under a name derived from `hint`. */
  celType(vt: ValueType, hint: string): string {
    switch (vt.t) {
      case "string": case "int": case "double": case "bool": case "dyn":
        return vt.t;
      case "null":
        return "null_type";
      case "list":
        return `list<${this.celType(vt.of, `${hint}.item`)}>`;
      case "object":
        return this.names.get(vt) ?? this.registerObject(vt, hint);
    }
  }

  /** The value type behind a CEL type name (as `check()` reports it); `dyn` when unknown. */
  valueType(celName: string): ValueType {
    const item = /^list<(.+)>$/.exec(celName)?.[1];
    if (item !== undefined) return { t: "list", of: this.valueType(item) };
    switch (celName) {
      case "string": case "int": case "double": case "bool":
        return { t: celName };
      case "null_type":
        return { t: "null" };
      case "list":
        return { t: "list", of: DYN };
    }
    return this.byName.get(celName) ?? DYN;
  }

  /** The constructor values of this object type must be built with, if it is registered. */
  ctorOf(vt: ValueType): CelObjectCtor | undefined {
    return this.ctors.get(vt);
  }

  private registerObject(vt: ObjectType, hint: string): string {
    const name = this.freshName(`$${hint}`);
    const fields: Record<string, string> = {};
    for (const [key, child] of Object.entries(vt.fields)) fields[key] = this.celType(child, `${hint}.${key}`);
    const ctor = makeCtor(name);
    this.env.registerType(name, { ctor, fields });
    this.names.set(vt, name);
    this.byName.set(name, vt);
    this.ctors.set(vt, ctor);
    return name;
  }

  private freshName(base: string): string {
    let name = base;
    for (let i = 2; this.byName.has(name); i++) name = `${base}~${i}`;
    return name;
  }
}

/** A distinct class per message type: CEL finds a value's type by its constructor. */
function makeCtor(name: string): CelObjectCtor {
  const holder = {
    [name]: class {
      constructor(props: Record<string, unknown>) {
        Object.assign(this, props);
      }
    },
  };
  return holder[name]!; // set just above
}

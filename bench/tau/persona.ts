/**
 * The person a task describes, as data the scripted user answers from: who they are (found from the
 * task's ground truth in a fresh database: the user of its successful sign-in lookup, else of the
 * orders it names), how they sign in (by email when the ground truth or the scenario has their email,
 * else by name and zip), and their requests: the ground-truth writes, in order, each with the
 * benchmark's arguments. Pure over the task and the database.
 */
import type { RetailDb, User } from "../../skills/retail/store/model.js";
import type { Action, Outcome } from "../../skills/retail/store/replay.js";
import { actionsOf, WRITE_TOOLS, type TauTask } from "./read-tasks.js";

export interface Request {
  tool: string;
  args: Record<string, unknown>;
  /** The benchmark's own tools refused this write in the ground truth: the right outcome is no change. */
  refused?: string;
  /** Who the person says they are when they make this request (their zip after a move earlier in the task). */
  identity?: Record<string, string>;
}

export interface Persona {
  /** Undefined when the task names no user the database knows. */
  user?: User;
  identity: Record<string, string>;
  requests: Request[];
}

export function personaOf(task: TauTask, fresh: RetailDb, outcomes: Outcome[]): Persona {
  const actions = actionsOf(task);
  const user = userOf(actions, outcomes, fresh);
  const requests = actions.flatMap((action, i): Request[] => {
    if (!WRITE_TOOLS.has(action.name)) return [];
    const outcome = outcomes[i];
    const identity = user ? { identity: identityOf(task, actions, profileAt(user, outcomes.slice(0, i))) } : {};
    const request = { tool: action.name, args: action.arguments, ...identity };
    return [outcome && !outcome.ok ? { ...request, refused: outcome.error } : request];
  });
  return { ...(user ? { user } : {}), identity: user ? identityOf(task, actions, user) : {}, requests };
}

/** The user of the last successful sign-in lookup, else the owner of the first order an action names. */
function userOf(actions: Action[], outcomes: Outcome[], db: RetailDb): User | undefined {
  for (let i = actions.length - 1; i >= 0; i--) {
    const outcome = outcomes[i];
    if (actions[i]!.name.startsWith("find_user_id_by_") && outcome?.ok) return db.users[outcome.result as string];
  }
  for (const action of actions) {
    const userId = action.arguments.user_id ?? db.orders[action.arguments.order_id as string]?.user_id;
    if (typeof userId === "string" && db.users[userId]) return db.users[userId];
  }
  return undefined;
}

/**
 * The user's record as the person knows it at a point of the task: the last one the ground truth's
 * actions before it returned (a `modify_user_address` moves them to a new zip), else the fresh one.
 */
function profileAt(user: User, earlier: Outcome[]): User {
  for (let i = earlier.length - 1; i >= 0; i--) {
    const outcome = earlier[i]!;
    if (outcome.ok && isUser(outcome.result) && outcome.result.user_id === user.user_id) return outcome.result;
  }
  return user;
}

function isUser(value: unknown): value is User {
  const v = value as Partial<User> | null;
  return typeof v === "object" && v !== null && typeof v.user_id === "string" && typeof v.address?.zip === "string" && typeof v.name === "object";
}

function identityOf(task: TauTask, actions: Action[], user: User): Record<string, string> {
  const known = task.user_scenario.instructions.known_info ?? "";
  const byEmail = actions.some((a) => a.name === "find_user_id_by_email") ||
    (!actions.some((a) => a.name === "find_user_id_by_name_zip") && known.toLowerCase().includes(user.email.toLowerCase()));
  const common = { first_name: user.name.first_name, last_name: user.name.last_name, zip: user.address.zip };
  return byEmail ? { sign_in: "email", email: user.email, ...common } : { sign_in: "name_and_zip", ...common };
}

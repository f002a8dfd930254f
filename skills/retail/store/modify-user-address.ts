/**
 * `modify_user_address`: the user's default address becomes the given one (their orders keep theirs).
 * Throws `RetailError` when the user is not found, changing nothing.
 */
import type { Address, RetailDb, User } from "./model.js";
import { getUser } from "./find.js";
import { newAddress } from "./pending-orders.js";

export function modifyUserAddress(db: RetailDb, userId: string, address: Address): User {
  const user = getUser(db, userId);
  user.address = newAddress(address);
  return user;
}

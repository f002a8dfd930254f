/** Cookies of a request, and the Set-Cookie header of a session cookie. Pure. */
export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decoded(part.slice(at + 1).trim());
  }
  return undefined;
}

/** A value that is not valid percent-encoding was not set by this server: as if there were none. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** HttpOnly, SameSite=Strict, whole site; `maxAge` in seconds. */
export function sessionCookie(name: string, value: string, maxAge: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}`;
}

export function bearerOf(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1];
}

/** `Authorization: Basic base64(id:credential)`, split; undefined when absent or malformed. */
export function basicOf(request: Request): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const at = text.indexOf(":");
  return at > 0 ? { id: text.slice(0, at), secret: text.slice(at + 1) } : undefined;
}

// Chaek (책): JSON calls to the server's API.

import { Problem, replyOf } from "./problems.js";

// A JSON call: { ok, status, body, text }, whatever the status; status 0 when the server could
// not be reached.
export async function send(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    return await replyOf(await fetch(path, init));
  } catch {
    return { ok: false, status: 0, body: {}, text: "" };
  }
}

// A JSON call that throws a Problem (its message the reader's sentence) unless it succeeds.
export async function api(method, path, body) {
  const reply = await send(method, path, body);
  if (!reply.ok) throw new Problem(reply);
  return reply;
}

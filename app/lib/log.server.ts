/** The key server.js's log lines read a request's id from (server.js, writeLog). */
const REQUEST_ID = Symbol.for("bazaar.requestId");

/**
 * The first part of a console call made while answering `request`: the line then carries the request's id, which
 * server.js puts in the request's X-Request-Id (nothing finds it from where a line is written: ADR 0036).
 */
export function forRequest(request: Request) {
  return { [REQUEST_ID]: request.headers.get("X-Request-Id") ?? undefined };
}

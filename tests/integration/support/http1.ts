import http from "node:http";

/*
 * Requests each on a connection of their own. The workers of a multi-process server take turns at new connections,
 * so this is how a test reaches more than one of them (fetch would reuse a kept-alive connection, hence one worker).
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Options {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one request on a new connection that closes after it. */
export function requestOnNewConnection(url: string, { method = "GET", headers = {}, body }: Options = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, headers: { Connection: "close", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A form post as a browser sends it from the shop's own page. */
export function postForm(base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return requestOnNewConnection(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A Server-Sent Events stream on its own connection, collecting its `live` events until it ends or is closed. */
export function openEventStream(url: string, headers: Record<string, string>) {
  const events: Record<string, unknown>[] = [];
  let ended = false;
  let request: http.ClientRequest | undefined;
  const opened = new Promise<number>((resolve, reject) => {
    request = http.get(url, { agent: false, headers: { Accept: "text/event-stream", ...headers } }, (response) => {
      resolve(response.statusCode!);
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith("event: live\n")) events.push(JSON.parse(block.split("\ndata: ")[1]));
        }
      });
      response.on("end", () => (ended = true));
      response.on("error", () => (ended = true));
    });
    request.on("error", reject);
  });
  return { events, opened, ended: () => ended, close: () => request?.destroy() };
}

export const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

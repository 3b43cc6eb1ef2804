import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { shopContext } from "./lib/context.server";
import { prepareDatabase } from "./lib/boot.server";
import { i18nFor } from "./lib/i18n.server";

export const streamTimeout = 5_000;

/** Called once by server.js before it listens: migrations, then the demo seed on an empty database. */
export async function prepare() {
  await prepareDatabase();
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let locale = "en";
  try {
    locale = (await shopContext(request)).locale;
  } catch {
    // The error page still renders, in the fallback language.
  }
  const i18n = i18nFor(locale);
  const nonce = loadContext.nonce ?? "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

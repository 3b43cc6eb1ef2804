import { useLocation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { ServerPersonalProvider, usePersonal, type Personal } from "./personal";

/*
 * Parts drawn alike on many pages (the header, the menus, the footer, product cards) are drawn once on the server
 * and their markup kept (docs/decisions/0030-shared-markup.md): a page rendered into memory gets a marker where a
 * kept part goes, and the part's markup is put in after React is done. The browser always draws the parts itself;
 * the server's markup is exactly what React would have written there, so hydration sees no difference.
 */

/** One page's render on the server: where its shared parts come from (lib/shared-markup.server.ts). */
export interface SharedMarkupRender {
  /** The page's own address (path and query), which kept parts get where they show it (useReturnTo). */
  at(here: string): void;
  /** A marker for the part kept under this key for the personal values it read, or null when there is none. */
  kept(key: string, personal: Personal): string | null;
  /** Keeps the part drawn now: markers around it, and what it reads of the shopper, recorded as it draws. */
  capture(key: string, personal: Personal): { start: string; end: string; personal: Personal };
}

const SharedMarkupContext = createContext<SharedMarkupRender | null>(null);
export const SharedMarkupProvider = SharedMarkupContext.Provider;
/** Inside a part being kept: the page's address is drawn as a marker, and parts inside it are drawn as they are. */
const CapturingContext = createContext(false);

/** Where a kept part shows the page's address: as it is, and as a query parameter (encodeURIComponent). */
export const HERE_MARKER = "\uE016";
export const HERE_PARAMETER_MARKER = "\uE017";

/**
 * A part of the page the server may draw once for many pages. `id` names everything the part shows besides the
 * page's language, currency, settings, address (useReturnTo) and the shopper's parts (usePersonal); its children
 * begin and end with an element, and it is not drawn right after a text.
 */
export function SharedMarkup({ id, children }: { id: string; children: ReactNode }) {
  return typeof document === "undefined" ? <ServerSharedMarkup id={id}>{children}</ServerSharedMarkup> : <>{null}{children}{null}</>;
}

function ServerSharedMarkup({ id, children }: { id: string; children: ReactNode }) {
  const render = useContext(SharedMarkupContext);
  const capturing = useContext(CapturingContext);
  const personal = usePersonal();
  const location = useLocation();
  // Three children in every case, as in the browser: the ids of useId inside depend on the position.
  if (!render || capturing) return <>{null}{children}{null}</>;
  render.at(location.pathname + location.search);
  const kept = render.kept(id, personal);
  if (kept !== null) return <>{kept}{null}{null}</>;
  const capture = render.capture(id, personal);
  return (
    <>
      {capture.start}
      <CapturingContext.Provider value={true}>
        <ServerPersonalProvider value={capture.personal}>{children}</ServerPersonalProvider>
      </CapturingContext.Provider>
      {capture.end}
    </>
  );
}

/**
 * The page's own address, for a form's redirectTo or a login link's: `path` as it is, `parameter` encoded for a
 * query. Inside a part being kept it is a marker, filled in for each page that shows the part.
 */
export function useReturnTo(form: "path" | "parameter" = "path"): string {
  const location = useLocation();
  const capturing = useContext(CapturingContext);
  if (capturing) return form === "path" ? HERE_MARKER : HERE_PARAMETER_MARKER;
  const here = location.pathname + location.search;
  return form === "path" ? here : encodeURIComponent(here);
}

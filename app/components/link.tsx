import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { createElement, forwardRef } from "react";

/**
 * Remix's Link. On the server, a link to an address of the shop given as a string is drawn as the `<a>` Remix's Link
 * draws, without the router's hooks: every page draws dozens of links, and each would resolve its address against
 * the matched routes three times (ADR 0028). The browser always gets Remix's Link, which hydrates that same markup
 * (link.test.ts compares the two).
 */
export const Link = typeof document === "undefined" ? forwardRef<HTMLAnchorElement, LinkProps>(ServerLink) : RemixLink;

/** Props of Remix's Link that say how to navigate: the `<a>` does not carry them. */
const LINK_ONLY = new Set(["to", "prefetch", "discover", "reloadDocument", "replace", "state", "preventScrollReset", "relative", "viewTransition", "target", "onClick"]);

function ServerLink(props: LinkProps, ref: React.ForwardedRef<HTMLAnchorElement>) {
  const { to, discover = "render", reloadDocument, relative, target } = props;
  // Other addresses (relative, objects, other sites, paths React Router tidies) keep Remix's own resolution.
  if (typeof to !== "string" || !to.startsWith("/") || /\/\/|\/\.|\\/.test(to) || relative) return <RemixLink ref={ref} {...props} />;
  // The `<a>`'s props copied in one loop: a rest pattern with ten names left out is slow in V8, on dozens of links.
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!LINK_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  anchor["data-discover"] = discover === "render" && !reloadDocument ? "true" : undefined;
  anchor.href = hrefOf(to);
  anchor.ref = ref;
  anchor.target = target;
  return createElement("a", anchor);
}

/** What React Router makes of an absolute path: a lone `?` or `#` dropped. */
function hrefOf(to: string): string {
  const hashAt = to.indexOf("#");
  const hash = hashAt >= 0 ? to.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = beforeHash.indexOf("?");
  const search = searchAt >= 0 ? beforeHash.slice(searchAt) : "";
  const pathname = searchAt >= 0 ? beforeHash.slice(0, searchAt) : beforeHash;
  return pathname + (search === "?" ? "" : search) + (hash === "#" ? "" : hash);
}

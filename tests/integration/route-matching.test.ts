import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { routeFiles } from "./support/route-files";

// The server matches with @remix-run/router's CommonJS build, which patches/ make index the ranked routes by their
// first segment (ADR 0028); the browser's ES build is the library as published. Both must pick the same routes.
const require = createRequire(import.meta.url);
type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string };
type MatchRoutes = (routes: RouteObject[], location: string) => Match[] | null;
const indexed: MatchRoutes = require("@remix-run/router").matchRoutes;
const published = ((await import("@remix-run/router/dist/router.js")) as unknown as { matchRoutes: MatchRoutes }).matchRoutes;
const { flatRoutes } = require("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string) => Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>;
};

interface RouteObject { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] }

/** The app's routes as Remix nests them (app/routes, flat routes), under the root. */
function appRoutes(): RouteObject[] {
  const manifest = Object.values(flatRoutes("app"));
  const childrenOf = (parentId: string): RouteObject[] =>
    manifest
      .filter((route) => (route.parentId ?? "root") === parentId)
      .map(({ id, path, index, caseSensitive }) => ({ id, path, index, caseSensitive, children: index ? undefined : childrenOf(id) }));
  return [{ id: "root", path: "", children: childrenOf("root") }];
}

/** Each route's address with its parameters filled in, as written and in capitals, with a trailing slash, and one segment on. */
function addresses(): string[] {
  const filled = routeFiles().map((route) => route.pattern.replace(/:[^/]+/g, "7").replace(/\*$/, "some/where"));
  return [
    ...filled,
    ...filled.map((address) => address.toUpperCase()),
    ...filled.map((address) => `${address}/`),
    ...filled.map((address) => `${address}/more`),
    "/", "", "//products", "/nope", "/products/7/nope", "/products/%E2%9C%93/details", "/robots.txt", "/shop-console/x/y",
  ];
}

const summary = (matches: Match[] | null) => matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname })) ?? null;

describe("route matching on the server", () => {
  const routes = appRoutes();

  it("picks what the published router picks, for every route's address and the ones around it", () => {
    const tried = addresses();
    expect(tried.length).toBeGreaterThan(300);
    for (const address of tried) expect(summary(indexed(routes, address)), address).toEqual(summary(published(routes, address)));
  });

  it("still finds the product page in any case and the catch-all for what is not a page", () => {
    expect(indexed(routes, "/Products/40454/Details")?.at(-1)?.route.id).toBe("routes/_public.products.$id.details");
    expect(indexed(routes, "/no/such/page")?.at(-1)?.route.id).toBe("routes/$");
  });
});

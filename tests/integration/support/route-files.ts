import fs from "node:fs";
import path from "node:path";

/** One route module of app/routes (Remix flat routes) and the addresses it answers. */
export interface RouteFile {
  file: string;
  /** The address pattern as Remix reads the file name, e.g. `/order-history/:id/cancel`. */
  pattern: string;
  hasAction: boolean;
  matches(pathname: string): boolean;
  /** Lower is more specific: static segments win over parameters, parameters over a splat. */
  rank: number;
}

const ROUTES_DIR = path.resolve("app/routes");

/** `_account.order-history.$id_.cancel.tsx` → `/order-history/:id/cancel` (pathless `_layouts`, `_index` and trailing `_` dropped). */
function patternOf(file: string) {
  const name = file.replace(/\.(tsx?|jsx?)$/, "").replace(/\[\.\]/g, "\u0000");
  const segments = name
    .split(".")
    .filter((segment) => !(segment.startsWith("_") && segment !== "_"))
    .map((segment) => segment.replace(/_$/, "").replace(/\u0000/g, "."))
    .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment));
  return `/${segments.join("/")}`;
}

export function routeFiles(): RouteFile[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .map((file) => {
      const pattern = patternOf(file);
      const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const regex = new RegExp(
        `^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\/\*$/, "(?:/.*)?").replace(/:[^/]+/g, "[^/]+")}/?$`,
      );
      const parameters = pattern.split("/").filter((segment) => segment.startsWith(":")).length;
      return {
        file,
        pattern,
        hasAction: /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
        matches: (pathname: string) => regex.test(pathname),
        rank: pattern.endsWith("*") ? 1000 : parameters,
      };
    });
}

/** The route module Remix would pick for an address. */
export function routeFor(routes: RouteFile[], pathname: string): RouteFile | undefined {
  return routes.filter((route) => route.matches(pathname)).sort((a, b) => a.rank - b.rank)[0];
}

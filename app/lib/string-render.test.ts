import { createRequire } from "node:module";
import path from "node:path";
import { createElement, lazy, Suspense } from "react";
import { describe, expect, it } from "vitest";

// entry.server draws a page with React's string renderer and draws it again with the streaming one (which answers
// 500) when the string renderer left a Suspense boundary to the browser; patches/react-dom make it say so (onError).
const require = createRequire(import.meta.url);
const build = (file: string) => require(path.join(path.dirname(require.resolve("react-dom/server")), "cjs", file)).renderToString;
type RenderToString = (element: unknown, options?: { onError?: (error: unknown) => void }) => string;
const builds: [string, RenderToString][] = [
  ["production", build("react-dom-server-legacy.node.production.min.js")],
  ["development", build("react-dom-server-legacy.node.development.js")],
];

function Broken(): never {
  throw new Error("a part of the page failed");
}
const NeverLoads = lazy(() => new Promise<never>(() => {}));

describe.each(builds)("React's string renderer (%s build)", (_build, renderToString) => {
  const reported = (element: unknown) => {
    const errors: unknown[] = [];
    const html = renderToString(element, { onError: (error) => void errors.push(error) });
    return { html, errors };
  };

  it("tells of an error inside a Suspense boundary, whose fallback it draws", () => {
    const { html, errors } = reported(createElement("main", null, createElement(Suspense, { fallback: "Loading" }, createElement(Broken))));
    expect(errors).toHaveLength(1);
    expect(html).toContain("<!--$!-->");
  });

  it("tells of a part still waiting inside a Suspense boundary", () => {
    const { errors } = reported(createElement(Suspense, { fallback: "Loading" }, createElement(NeverLoads)));
    expect(errors).toHaveLength(1);
  });

  it("tells nothing of a page drawn whole", () => {
    const { html, errors } = reported(createElement(Suspense, { fallback: "Loading" }, createElement("p", null, "All here")));
    expect(errors).toEqual([]);
    expect(html).not.toContain("<!--$!-->");
  });
});

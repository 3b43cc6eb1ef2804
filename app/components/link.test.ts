import { Link as RemixLink } from "@remix-run/react";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

/** Server HTML of a page at `/products/7/details` (a nested route) holding `element`. */
async function render(element: ReactElement) {
  const routes = [{ id: "root", path: "/", children: [{ id: "page", path: "products/:id/details", element }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/products/7/details?tab=reviews"));
  if (context instanceof Response) throw new Error("no page");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const addresses = ["/", "/cart", "/products/12/details", "/products?sort=newest&page=2", "/products?", "/faq#", "/faq#returns", "/a//b", "/a/../b", "/a/./b", "/.hidden", "/a\\b", "/a b", "/ü", "/orders/", "/x?y#z", "/products/12/details?color=3#reviews"];
const propSets: Record<string, unknown>[] = [
  {},
  { className: "hover:text-primary", "aria-label": "Open the cart", children: "Cart" },
  { target: "_blank", rel: "noreferrer", children: "New tab" },
  { reloadDocument: true, children: "Reload" },
  { discover: "none", prefetch: "intent", replace: true, state: { from: "test" }, preventScrollReset: true, children: "Quiet" },
  { id: "skip", "data-kind": "menu", onClick: () => undefined, children: "Clicked" },
];

describe("the shop's Link on the server", () => {
  it("draws what Remix's Link draws, for every kind of address and props", async () => {
    for (const to of [...addresses, "https://example.com/x", "//cdn.test/a.png", "details", "../cart", { pathname: "/cart", search: "?a=1" }]) {
      for (const props of propSets) {
        const ours = await render(createElement(Link, { to, ...props } as never));
        const remix = await render(createElement(RemixLink, { to, ...props } as never));
        expect(ours, `${JSON.stringify(to)} ${JSON.stringify(props)}`).toBe(remix);
      }
    }
  });

  it("draws a plain link", async () => {
    expect(await render(createElement(Link, { to: "/products?page=2", className: "x" }, "Next"))).toContain('<a class="x" data-discover="true" href="/products?page=2">Next</a>');
  });
});

// The signed-in shopper the benches ask pages as (issue 17): pages of a signed-in shopper are always rendered.
import { DEMO_PASSWORD } from "~/db/seed/content";
import { createDb } from "~/lib/db.server";
import { hashPassword } from "~/modules/auth/password.server";
import { formsOf, successfulControls } from "../tests/support/html-forms";

const SHOPPER = "render-bench@example.test";
/** Products in the shopper's cart, each from another shop. */
export const CART_PRODUCTS = 4;
/** What a shopper's browser (Chromium) accepts: the server answers it in brotli. BENCH_ENCODINGS asks otherwise. */
export const BROWSER_ENCODINGS = process.env.BENCH_ENCODINGS ?? "gzip, deflate, br, zstd";

/**
 * Signs in the benches' shopper (made once in the catalogue) and fills their cart anew with one product of each of
 * CART_PRODUCTS shops: the session cookie, and the ids of the active products to ask for.
 */
export async function signedInShopper(base: string, file: string) {
  const db = createDb(`file:${file}`);
  try {
    const existing = await db.selectFrom("users").select("id").where("email", "=", SHOPPER).executeTakeFirst();
    if (existing) await db.deleteFrom("cart_items").where("user_id", "=", existing.id).execute();
    else await db.insertInto("users").values({ name: "Render Bench", email: SHOPPER, password_hash: await hashPassword(DEMO_PASSWORD) }).execute();
    const products = await db
      .selectFrom("products")
      .select(["id", "shop_id"])
      .where("is_active", "=", 1)
      .where("quantity", ">", 10)
      .where("is_digital", "=", 0)
      .orderBy("total_views", "desc")
      .limit(200)
      .execute();
    const ids = (await db.selectFrom("products").select("id").where("is_active", "=", 1).execute()).map((row) => row.id);
    const oneEachShop = [...new Map(products.map((p) => [p.shop_id, p.id])).values()].slice(0, CART_PRODUCTS);
    const response = await fetch(`${base}/login`, {
      method: "POST",
      body: new URLSearchParams({ phone: SHOPPER, password: DEMO_PASSWORD, redirectTo: "/" }),
      headers: { Origin: base },
      redirect: "manual",
    });
    // The cookies as a browser keeps them: each answer may set or rewrite one (the session with a toast added, then
    // shown and dropped; the language, on the first page), and the browser sends them all with the next request.
    const jar = new Map<string, string>();
    const keep = (answer: Response) => {
      for (const set of answer.headers.getSetCookie()) {
        const pair = set.split(";")[0];
        const name = pair.slice(0, pair.indexOf("="));
        if (/;\s*max-age=0\b/i.test(set)) jar.delete(name);
        else jar.set(name, pair);
      }
      return answer;
    };
    const cookieHeader = () => [...jar.values()].join("; ");
    keep(response);
    if (!jar.has("bazaar_session")) throw new Error(`the shopper could not sign in (${response.status})`);
    let cookie = cookieHeader();
    const follow = (answer: Response) => {
      keep(answer);
      cookie = cookieHeader();
      return answer;
    };
    // Into the cart as a shopper does it: the product page's own form, with its first choices.
    for (const id of oneEachShop) {
      const page = await follow(await fetch(`${base}/products/${id}/details`, { headers: { Cookie: cookie } })).text();
      const form = formsOf(page).find((f) => f.action === "/cart/add")!;
      const add = form.controls.find((c) => c.type === "submit" && !c.name)!;
      const added = follow(await fetch(`${base}/cart/add`, {
        method: "POST",
        body: new URLSearchParams(successfulControls(form, add)),
        headers: { Cookie: cookie, Origin: base },
        redirect: "manual",
      }));
      if (added.status !== 303) throw new Error(`adding product ${id} to the cart answered ${added.status}`);
    }
    const inCart = await db.selectFrom("cart_items").select((eb) => eb.fn.countAll<number>().as("n")).innerJoin("users", "users.id", "cart_items.user_id").where("users.email", "=", SHOPPER).executeTakeFirstOrThrow();
    if (Number(inCart.n) !== oneEachShop.length) throw new Error(`the cart holds ${inCart.n} products, not ${oneEachShop.length}`);
    // One page shows (and so drops) the toasts of signing in and adding: the measured pages have none, as a browser's.
    await follow(await fetch(`${base}/`, { headers: { Cookie: cookie } })).text();
    return { cookie, ids };
  } finally {
    await db.destroy();
  }
}

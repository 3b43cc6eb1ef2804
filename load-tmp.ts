import { signedInShopper } from "./bench/shopper";
const base = "http://127.0.0.1:3998";
const { cookie, ids } = await signedInShopper(base, "/tmp/ax/cat.sqlite");
for (let i = 0; i < 300; i++) {
  const id = ids[Math.floor(Math.random() * ids.length)];
  await (await fetch(`${base}/products/${id}/details`, { headers: { Cookie: cookie, "Accept-Encoding": "br" } })).arrayBuffer();
}

import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The loader data a page hands to the browser is encoded by turbo-stream's CommonJS build (Remix's server runtime
// requires it), whose flatten patches/ rewrite for speed (ADR 0045); the browser decodes it with turbo-stream's own
// decoder, which the patch leaves as it is.
const { decode, encode } = createRequire(import.meta.url)("turbo-stream") as typeof import("turbo-stream");

async function wire(value: unknown, options?: Parameters<typeof encode>[1]) {
  return new Response(encode(value, options)).text();
}

async function roundTrip(value: unknown) {
  const text = await wire(value);
  const decoded = await decode(new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(text)), controller.close()) }));
  await decoded.done;
  return decoded.value;
}

describe("the loader data handed to the browser", () => {
  const shared = { id: 7, name: 'Lamp "Nova"' };
  const sample = {
    product: shared,
    related: [shared, { id: 8, name: "عربي 😀", price: -0, rating: Number.NaN }],
    at: new Date(0),
    tags: new Set(["a", "b"]),
    byId: new Map([[7, shared]]),
    none: null,
    missing: undefined,
    // eslint-disable-next-line no-sparse-arrays
    holes: [1, , 3],
    nested: { empty: {}, list: [] },
  };

  it("is written as turbo-stream 2.4.1 writes it, byte for byte", async () => {
    expect(await wire(sample)).toBe(
      '[{"_1":2,"_7":8,"_14":15,"_16":17,"_20":21,"_22":-5,"_23":-7,"_24":25,"_28":29},"product",{"_3":4,"_5":6},"id",7,"name","Lamp \\"Nova\\"","related",[2,9],{"_3":10,"_5":11,"_12":-4,"_13":-2},8,"عربي 😀","price","rating","at",["D",0],"tags",["S",18,19],"a","b","byId",["M",4,2],"none","missing","holes",[26,-1,27],1,3,"nested",{"_30":31,"_32":33},"empty",{},"list",[]]\n',
    );
  });

  it("decodes to the same values, shared objects shared", async () => {
    const decoded = (await roundTrip(sample)) as typeof sample;
    expect(decoded).toEqual(sample);
    expect(decoded.related[0]).toBe(decoded.product);
    expect(Object.is((decoded.related[1] as { price: number }).price, -0)).toBe(true);
  });

  it("keeps texts that need escaping as they were", async () => {
    const texts = ['a "quote"', "back\\slash", "line\nbreak\ttab", "\u0001 control", "\u2028 separator", "</script><!--", "lone \ud800 surrogate", "pair 😀", ""];
    const decoded = (await roundTrip({ texts })) as { texts: string[] };
    expect(decoded.texts).toEqual(texts);
  });

  it("hands values to the plugins first, and what none can encode to the post-plugins", async () => {
    class Instance {
      field = 1;
    }
    const text = await wire(
      { error: new TypeError("boom"), instance: new Instance() },
      {
        plugins: [(value) => (value instanceof Error ? ["SanitizedError", value.name, value.message] : undefined)],
        postPlugins: [(value) => (value && typeof value === "object" ? ["ClassInstance", { ...value }] : undefined)],
      },
    );
    expect(text).toBe('[{"_1":2,"_5":6},"error",["SanitizedError",3,4],"TypeError","boom","instance",["ClassInstance",7],{"_8":9},"field",1]\n');
  });

  it("sends promises after the first line, as they settle", async () => {
    const text = await wire({ later: Promise.resolve({ id: 1 }) });
    expect(text).toBe('[{"_1":2},"later",["P",2]]\nP2:[{"_4":5},"id",1]\n');
  });
});

describe("a page's loader data encoded at once (encodeWhole, patches/turbo-stream)", () => {
  const { encodeWhole } = createRequire(import.meta.url)("turbo-stream") as { encodeWhole: (value: unknown) => string | undefined };

  it("is the text the stream carries, when nothing in it waits", async () => {
    const value = { product: { id: 1, name: "Lamp" }, tags: ["a", "a"] };
    expect(encodeWhole(value)).toBe(await wire(value));
  });

  it("is left to the stream when a promise is in it", () => {
    expect(encodeWhole({ later: Promise.resolve(1) })).toBeUndefined();
  });
});

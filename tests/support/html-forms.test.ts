import { describe, expect, it } from "vitest";
import { formRuleProblems, formsOf, linksOf, successfulControls } from "./html-forms";

describe("forms as a minimal client sees them", () => {
  it("sends named controls, checked choices, the selected option and only the pressed button", () => {
    const [form] = formsOf(`
      <form method="post" action="/cart/add">
        <input type="hidden" name="product_id" value="7">
        <input type="radio" name="color" value="1"><input type="radio" name="color" value="2" checked>
        <input type="checkbox" name="gift"><input type="checkbox" name="wrap" checked>
        <select name="size"><option value="s">S</option><option value="m" selected>M</option></select>
        <select name="unit"><option value="pcs">pcs</option></select>
        <textarea name="note">
hello</textarea>
        <input name="off" value="x" disabled>
        <input value="no name">
        <button name="intent" value="update-price">Update price</button>
        <button>Add to Cart</button>
        <button type="button" name="show">Show</button>
      </form>`);
    expect(form.method).toBe("post");
    expect(form.action).toBe("/cart/add");
    const update = form.controls.find((control) => control.label === "Update price");
    expect(successfulControls(form, update)).toEqual([
      ["product_id", "7"], ["color", "2"], ["wrap", "on"], ["size", "m"], ["unit", "pcs"], ["note", "hello"], ["intent", "update-price"],
    ]);
    const add = form.controls.find((control) => control.label === "Add to Cart");
    expect(successfulControls(form, add).map(([name]) => name)).not.toContain("intent");
  });

  it("ignores what simple clients ignore: form=, formaction, formmethod", () => {
    const html = `<form id="f" method="get" action="/products"><input name="q"></form>
      <select name="sort" form="f"><option>a</option></select>
      <form method="post" action="/cart/add"><input type="hidden" name="id" value="1">
        <button formaction="/products/1" formmethod="get">Update price</button></form>`;
    expect(formsOf(html)[0].controls.map((control) => control.name)).toEqual(["q"]);
    expect(formRuleProblems(html)).toEqual([
      '<select name="sort"> has form="f", which Lynx and w3m ignore',
      '<button name=""> has formaction="/products/1", which Lynx and w3m ignore',
      '<button name=""> has formmethod="get", which Lynx and w3m ignore',
    ]);
  });

  it("refuses a POST form whose only control is an unnamed or disabled one, and accepts a named hidden field", () => {
    expect(formRuleProblems(`<form method="post" action="/logout"><button>Yes</button></form>`)).toEqual([
      'POST form to "/logout" ("Yes") has no named control: Lynx sends it as a GET of the page',
    ]);
    expect(formRuleProblems(`<form method="post"><input name="a" disabled><button>Go</button></form>`)).toHaveLength(1);
    expect(formRuleProblems(`<form method="post" action="/logout"><button name="intent" value="logout">Yes</button></form>`)).toEqual([]);
    expect(formRuleProblems(`<form method="post"><input type="hidden" name="intent" value="x"><button>Go</button></form>`)).toEqual([]);
    expect(formRuleProblems(`<form method="get" action="/products"><button>All</button></form>`)).toEqual([]);
  });

  it("lists a page's own links only", () => {
    expect(linksOf(`<a href="/a?b=1">a</a><a href="https://else.example/x">x</a><a href="#top">t</a><a href="c">c</a>`, "http://shop.test/d/e")).toEqual([
      "/a?b=1",
      "/d/c",
    ]);
  });
});

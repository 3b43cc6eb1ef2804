import { parse } from "parse5";

/*
 * Forms as a minimal client sees them (Lynx, w3m): only what the HTML says. A form's controls are the ones inside
 * it; `form=`, `formaction`, `formmethod` … are deliberately ignored, and nothing is validated before sending.
 * Used by the crawl that checks every page (tests/integration/valid-pages.test.ts) and by the minimal-client
 * journey (tests/e2e/minimal-client.spec.ts).
 */

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  value?: string;
  content?: Node;
}

export interface Control {
  tag: "input" | "button" | "select" | "textarea";
  type: string;
  name: string;
  value: string;
  /** Radios and checkboxes: checked; selects: the value of the selected option (or the first). */
  checked: boolean;
  disabled: boolean;
  /** What a reader sees of a button: its text, or an input button's value. */
  label: string;
  attributes: Record<string, string>;
}

export interface HtmlForm {
  method: "get" | "post";
  /** As written: empty means the page's own address. */
  action: string;
  enctype: string;
  attributes: Record<string, string>;
  controls: Control[];
  /** The form's text, collapsed (headings, labels and button texts): how a user finds it. */
  text: string;
}

const CONTROLS = new Set(["input", "button", "select", "textarea"]);
/** Attributes that tie a control to another form or change where it posts: simple clients ignore them. */
const IGNORED_BY_SIMPLE_CLIENTS = ["form", "formaction", "formmethod", "formenctype", "formtarget"];

const attributesOf = (node: Node) => Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value]));

function textOf(node: Node): string {
  if (node.nodeName === "#text") return node.value ?? "";
  if (node.nodeName === "script" || node.nodeName === "style" || node.nodeName === "template") return "";
  return (node.childNodes ?? []).map(textOf).join(" ");
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

function walk(node: Node, visit: (node: Node) => void) {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
}

function controlOf(node: Node): Control {
  const attributes = attributesOf(node);
  const tag = node.nodeName as Control["tag"];
  const type = (attributes.type ?? (tag === "button" ? "submit" : tag === "input" ? "text" : tag)).toLowerCase();
  let value = attributes.value ?? "";
  let checked = "checked" in attributes;
  if (tag === "textarea") value = textOf(node).replace(/^\n/, "");
  if (tag === "select") {
    const options: Node[] = [];
    walk(node, (child) => child.nodeName === "option" && options.push(child));
    const chosen = options.find((option) => "selected" in attributesOf(option)) ?? options[0];
    value = chosen ? attributesOf(chosen).value ?? collapse(textOf(chosen)) : "";
    checked = chosen !== undefined;
  }
  if (tag === "input" && (type === "checkbox" || type === "radio") && !("value" in attributes)) value = "on";
  const label = tag === "button" ? collapse(textOf(node)) : value;
  return { tag, type, name: attributes.name ?? "", value, checked, disabled: "disabled" in attributes, label, attributes };
}

/** Every form of a page, with the controls inside it. */
export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  walk(parse(html) as unknown as Node, (node) => {
    if (node.nodeName !== "form") return;
    const attributes = attributesOf(node);
    const controls: Control[] = [];
    walk(node, (child) => CONTROLS.has(child.nodeName) && controls.push(controlOf(child)));
    forms.push({
      method: attributes.method?.toLowerCase() === "post" ? "post" : "get",
      action: attributes.action ?? "",
      enctype: attributes.enctype ?? "application/x-www-form-urlencoded",
      attributes,
      controls,
      text: collapse(textOf(node)),
    });
  });
  return forms;
}

const isSubmitButton = (control: Control) =>
  (control.tag === "button" && control.type === "submit") || (control.tag === "input" && (control.type === "submit" || control.type === "image"));

/**
 * The name=value pairs a minimal client sends for `form` when `pressed` (one of its submit buttons) is pressed:
 * enabled named controls, radios and checkboxes only when checked, no file contents, and of the buttons only the
 * pressed one (when it has a name).
 */
export function successfulControls(form: HtmlForm, pressed?: Control): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const control of form.controls) {
    if (!control.name || control.disabled) continue;
    if (isSubmitButton(control)) {
      if (control === pressed) pairs.push([control.name, control.value]);
      continue;
    }
    if (control.tag === "button" || control.type === "reset" || control.type === "button" || control.type === "file") continue;
    if ((control.type === "checkbox" || control.type === "radio" || control.tag === "select") && !control.checked) continue;
    pairs.push([control.name, control.value]);
  }
  return pairs;
}

/** What breaks the house's form rules (ADR 0018) on a page: one sentence each, naming the form or the control. */
export function formRuleProblems(html: string): string[] {
  const problems: string[] = [];
  walk(parse(html) as unknown as Node, (node) => {
    if (!CONTROLS.has(node.nodeName)) return;
    const attributes = attributesOf(node);
    for (const attribute of IGNORED_BY_SIMPLE_CLIENTS.filter((name) => name in attributes)) {
      problems.push(`<${node.nodeName} name="${attributes.name ?? ""}"> has ${attribute}="${attributes[attribute]}", which Lynx and w3m ignore`);
    }
  });
  for (const form of formsOf(html)) {
    const named = form.controls.some((control) => control.name && !control.disabled && control.type !== "reset" && control.type !== "button");
    if (form.method === "post" && !named) {
      problems.push(`POST form to "${form.action || "(this page)"}" ("${form.text.slice(0, 60)}") has no named control: Lynx sends it as a GET of the page`);
    }
  }
  return problems;
}

/** Same-origin links of a page (href as written, resolved against `base`). */
export function linksOf(html: string, base: string): string[] {
  const links: string[] = [];
  walk(parse(html) as unknown as Node, (node) => {
    if (node.nodeName !== "a") return;
    const href = attributesOf(node).href;
    if (!href || href.startsWith("#") || href.startsWith("mailto:") || href.startsWith("tel:")) return;
    const url = new URL(href, base);
    if (url.origin === new URL(base).origin) links.push(url.pathname + url.search);
  });
  return links;
}

/** The text a reader gets of a page: its body without scripts, whitespace collapsed. */
export function pageText(html: string): string {
  let body: Node | undefined;
  walk(parse(html) as unknown as Node, (node) => {
    if (node.nodeName === "body") body = node;
  });
  return collapse(body ? textOf(body) : "");
}

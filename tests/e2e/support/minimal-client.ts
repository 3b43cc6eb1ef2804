import type { APIRequestContext } from "@playwright/test";
import { formsOf, pageText, successfulControls, type HtmlForm } from "../../support/html-forms";

/**
 * A client that sends only what the HTML says, as Lynx does: it follows links and submits forms by building their
 * bodies from the page alone (tests/support/html-forms: no form=, formaction or formmethod, no validation, no JS),
 * and follows redirects as a browser does (a 303 becomes a GET). Its cookies live in the request context.
 */
export class MinimalClient {
  url = "/";
  status = 0;
  html = "";

  constructor(private readonly request: APIRequestContext) {}

  /** The page's text, as a reader gets it. */
  get text() {
    return pageText(this.html);
  }

  async open(url: string) {
    return this.send(url, "GET");
  }

  /** The form whose text matches `formText` (its heading, labels, buttons). */
  form(formText: RegExp): HtmlForm {
    const matching = formsOf(this.html).filter((form) => formText.test(form.text));
    if (matching.length !== 1) throw new Error(`${matching.length} forms match ${formText} on ${this.url}: ${formsOf(this.html).map((f) => f.text.slice(0, 50)).join(" | ")}`);
    return matching[0];
  }

  /** Presses the button labelled `button` of the form matching `formText`, with `fill` typed into its fields. */
  async submit(formText: RegExp, button: RegExp, fill: Record<string, string> = {}) {
    const form = this.form(formText);
    const pressed = form.controls.find((control) => button.test(control.label));
    if (!pressed) throw new Error(`no button ${button} in the form ${formText} on ${this.url}`);
    const fields = successfulControls(form, pressed).map(([name, value]): [string, string] => [name, name in fill ? fill[name] : value]);
    const target = new URL(form.action || this.url, `http://shop${this.url}`);
    const body = new URLSearchParams(fields);
    // Lynx sends a POST form with nothing to send as a GET of its address: such a form does nothing there.
    if (form.method === "get" || fields.length === 0) return this.send(`${target.pathname}?${body}`, "GET");
    return this.send(target.pathname + target.search, "POST", body.toString());
  }

  private async send(url: string, method: "GET" | "POST", body?: string) {
    let response = await this.request.fetch(url, {
      method,
      data: body,
      headers: body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    let at = url;
    for (let hops = 0; response.status() >= 300 && response.status() < 400; hops++) {
      if (hops === 5) throw new Error(`too many redirects from ${url}`);
      const next = new URL(response.headers().location, `http://shop${at}`);
      at = next.pathname + next.search;
      response = await this.request.fetch(at, { maxRedirects: 0 });
    }
    this.url = at;
    this.status = response.status();
    this.html = await response.text();
    return this;
  }
}

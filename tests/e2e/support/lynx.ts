import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Why the real-Lynx journey cannot run here, or null when it can (it needs `lynx`, and `script` for a terminal). */
export function lynxMissing(): string | null {
  const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!has("lynx")) return "lynx is not installed (Debian: apt-get install lynx): the journey through real Lynx is skipped";
  if (!has("script")) return "script (util-linux) is not installed: Lynx needs a terminal, the journey through it is skipped";
  return null;
}

/** One step through a form: what to type into text fields, which radio to choose, which button to press. */
export interface LynxStep {
  /** Text typed into the text field that follows each label, a whole line of the page (no spaces in the text). */
  type?: Record<string, string>;
  /** Radio buttons or checkboxes toggled: the text that follows each one. */
  check?: string[];
  /** Options picked from the select that follows each label: how many options down from the one shown. */
  choose?: Record<string, number>;
  /** The label of the button pressed. */
  press: string;
}

/**
 * Real Lynx, driven by a keystroke script (`-cmd_script`) in a pseudo-terminal, as a person at a text terminal would:
 * it moves from link to field with the arrow keys, types, and presses a button with Enter. Lynx builds each request
 * from the HTML alone — no form=, formaction or formmethod, no JavaScript. Its cookies live in a file, so a sign-in
 * lasts from one Lynx run to the next.
 */
export class Lynx {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "bazaar-lynx-"));
  private readonly config = path.join(this.dir, "lynx.cfg");
  private readonly cookies = path.join(this.dir, "cookies");

  constructor(private readonly baseURL: string) {
    fs.writeFileSync(this.config, "INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\nINFOSECS:0\nMESSAGESECS:0\nALERTSECS:0\n");
    fs.writeFileSync(this.cookies, "");
  }

  private options() {
    return [`-cfg=${this.config}`, `-cookie_file=${this.cookies}`, `-cookie_save_file=${this.cookies}`, "-number_fields", "-nolist", "-width=200"];
  }

  /** The page as Lynx renders it, links and fields numbered in the order the arrow keys visit them. */
  read(page: string): string {
    const run = spawnSync("lynx", [...this.options(), "-dump", `${this.baseURL}${page}`], { encoding: "utf8", env: { ...process.env, TERM: "vt100" }, timeout: 30_000 });
    if (run.status !== 0) throw new Error(`lynx -dump ${page} ended with ${run.status ?? run.signal}: ${run.stderr || run.stdout}`);
    return run.stdout;
  }

  /**
   * Opens `start`, fills and submits one form as a person would, and returns the address and text of the page the
   * form led to (redirects followed), as Lynx shows them.
   */
  submit(start: string, step: LynxStep): { url: string; text: string } {
    // Read twice: a flash message is shown once, so the second reading numbers the page as the keystrokes will meet it.
    this.read(start);
    const rendered = this.read(start);
    const numberAfter = (text: string, pattern: (escaped: string) => RegExp) => {
      const match = rendered.match(pattern(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      if (!match) throw new Error(`Lynx shows no ${JSON.stringify(text)} on ${start}:\n${rendered}`);
      return Number(match[1]);
    };
    const targets: { number: number; keys: string[] }[] = [];
    for (const [label, value] of Object.entries(step.type ?? {})) {
      if (value.includes(" ")) throw new Error("a cmd_script types no spaces");
      const field = numberAfter(label, (l) => new RegExp(`(?:^|\\n)\\s*${l}\\s*\\n[^[]*?\\[(\\d+)\\]_`));
      targets.push({ number: field, keys: [...value].map((character) => `key ${character}`) });
    }
    for (const label of step.check ?? []) {
      targets.push({ number: numberAfter(label, (l) => new RegExp(`\\[(\\d+)\\][(\\[][ *X][)\\]]\\s*${l}`)), keys: ["key ^J"] });
    }
    for (const [label, down] of Object.entries(step.choose ?? {})) {
      // Enter opens the select's list, Down Arrow moves through it, Enter picks.
      const keys = ["key ^J", ...Array<string>(down).fill("key Down Arrow"), "key ^J"];
      targets.push({ number: numberAfter(label, (l) => new RegExp(`${l}\\s*\\[(\\d+)\\]\\[`)), keys });
    }
    // Lynx shows a button as its value in brackets, BUTTON when it has none, then its text.
    targets.push({ number: numberAfter(step.press, (l) => new RegExp(`\\(\\[(\\d+)\\][^)\\n]*\\) ${l}`)), keys: ["key ^J"] });
    targets.sort((a, b) => a.number - b.number);

    // Lynx starts on the first link; Down Arrow visits the next link or field, leaving a text field as it goes.
    const keys: string[] = [];
    let at = 1;
    for (const target of targets) {
      keys.push(...Array<string>(target.number - at).fill("key Down Arrow"), ...target.keys);
      at = target.number;
    }
    // Then the page it led to, and its address from the information page ('='), are saved as Lynx prints them
    // (Print → Save to a local file: Enter, Ctrl-U clears the proposed name, the path, Enter).
    const page = path.join(this.dir, "page.txt");
    const info = path.join(this.dir, "info.txt");
    const saveAs = (file: string) => ["key p", "key ^J", "key ^U", ...[...file].map((character) => `key ${character}`), "key ^J"];
    keys.push(...saveAs(page), "key =", ...saveAs(info), "key q", "key y");
    const script = path.join(this.dir, "keys");
    fs.writeFileSync(script, `${keys.join("\n")}\n`);
    for (const file of [page, info]) fs.rmSync(file, { force: true });
    const command = ["lynx", ...this.options(), `-cmd_script=${script}`, `${this.baseURL}${start}`].map((word) => `'${word}'`).join(" ");
    // Lynx needs a terminal: `script` gives it one (its screen output is not needed).
    const run = spawnSync("script", ["-qec", command, "/dev/null"], {
      env: { ...process.env, TERM: "vt100", COLUMNS: "200", LINES: "60" },
      stdio: "ignore",
      timeout: 30_000,
    });
    if (run.status !== 0 || !fs.existsSync(info)) throw new Error(`Lynx ended with ${run.status ?? run.signal} on ${start}`);
    const url = fs.readFileSync(info, "utf8").match(/URL: (\S+)/)?.[1] ?? "";
    return { url: url.replace(this.baseURL, ""), text: fs.readFileSync(page, "utf8") };
  }

  close() {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

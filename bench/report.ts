import fs from "node:fs";

const REPORT = "docs/benchmarks.md";
const begin = (name: string) => `<!-- bench:${name} -->`;
const end = (name: string) => `<!-- /bench:${name} -->`;

/** The sections other benches keep in docs/benchmarks.md, which a bench rewriting the rest must carry over. */
export function keptSections(except: string): string {
  const text = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, "utf8") : "";
  return [...text.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->\n?/g)].filter((m) => m[1] !== except).map((m) => m[0]).join("");
}

/** Writes (or replaces) one bench's own section of docs/benchmarks.md, leaving the rest as it is. */
export function writeSection(name: string, lines: string[]) {
  const text = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, "utf8") : "# Benchmarks\n";
  const section = `${begin(name)}\n${lines.join("\n")}\n${end(name)}\n`;
  const pattern = new RegExp(`${begin(name)}[\\s\\S]*?${end(name)}\\n?`);
  fs.writeFileSync(REPORT, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`);
  console.log(`Wrote the ${name} section of ${REPORT}`);
}

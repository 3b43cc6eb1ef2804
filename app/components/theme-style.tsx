const toRgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(" ");

/** The rule of each theme read: the same object until the settings change, and every page draws it. */
const rules = new WeakMap<Record<string, string>, string>();

function themeRule(colors: Record<string, string>) {
  let rule = rules.get(colors);
  if (rule === undefined) {
    const declarations = Object.entries(colors)
      .map(([key, hex]) => `--color-primary${key === "primary" ? "" : `-${key}`}: ${toRgb(hex)};`)
      .join("");
    rule = `:root{${declarations}}`;
    rules.set(colors, rule);
  }
  return rule;
}

/** The shop's twelve theme colours as CSS variables (rendered only when all twelve exist). */
export function ThemeStyle({ colors, nonce }: { colors: Record<string, string>; nonce: string }) {
  return <style nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeRule(colors) }} />;
}

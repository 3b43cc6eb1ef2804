const toRgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(" ");

/** The shop's twelve theme colours as CSS variables (rendered only when all twelve exist). */
export function ThemeStyle({ colors, nonce }: { colors: Record<string, string>; nonce: string }) {
  const declarations = Object.entries(colors)
    .map(([key, hex]) => `--color-primary${key === "primary" ? "" : `-${key}`}: ${toRgb(hex)};`)
    .join("");
  return <style nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `:root{${declarations}}` }} />;
}

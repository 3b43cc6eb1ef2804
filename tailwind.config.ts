import type { Config } from "tailwindcss";

const shades = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;

/** Theme colours come from CSS variables (settings → root.tsx), as "r g b" so opacity modifiers work. */
const primary = {
  DEFAULT: "rgb(var(--color-primary) / <alpha-value>)",
  ...Object.fromEntries(shades.map((s) => [s, `rgb(var(--color-primary-${s}) / <alpha-value>)`])),
};

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: { primary },
      maxWidth: { search: "800px" },
    },
  },
  plugins: [],
} satisfies Config;

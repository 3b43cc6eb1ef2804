import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./lib/i18n";
import { Translations, TranslationsProvider } from "./lib/translation";

// The translation files are versioned with the build so a long browser cache is safe.
const version = window.__remixManifest?.version ?? "dev";

/** /locales/{language}/{namespace}.json */
async function localeFile(language: string, namespace: string) {
  const response = await fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json?v=${version}`);
  if (!response.ok) throw new Error(`${response.status} for ${language}/${namespace}`);
  return response.json();
}

async function hydrate() {
  const translations = new Translations(document.documentElement.lang || i18nConfig.fallbackLng, {}, localeFile);
  // Routes may ask for more namespaces (handle.i18n); the page's own are loaded before hydrating, so the first
  // render in the browser says what the server said.
  await translations.ensure([...new Set([...i18nConfig.ns, ...getInitialNamespaces()])]);

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationsProvider translations={translations}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationsProvider>,
      {
        // A part below the fold that an update reaches before its code is drawn by the browser instead of
        // hydrated (components/lazy-component.tsx): expected, not worth reporting.
        onRecoverableError(error) {
          if (String((error as Error | undefined)?.message).includes("#421")) return;
          if (typeof reportError === "function") reportError(error);
          else console.error(error);
        },
      },
    );
  });
}

void hydrate();

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

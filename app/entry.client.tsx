import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./lib/i18n";

async function hydrate() {
  // The translation files are versioned with the build so a long browser cache is safe.
  const version = window.__remixManifest?.version ?? "dev";
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...i18nConfig,
      // Routes may ask for more namespaces (handle.i18n); the shell's own are always loaded before hydrating.
      ns: [...new Set([...i18nConfig.ns, ...getInitialNamespaces()])],
      lng: document.documentElement.lang,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${version}` },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

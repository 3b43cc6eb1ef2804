import type { MetaDescriptor } from "@remix-run/node";

interface RootMetaData { appName: string; notFoundTitle: string; errorTitle: string }

type MatchLike = { id: string; data?: unknown };

function rootData(matches: MatchLike[]): RootMetaData | undefined {
  return matches.find((m) => m.id === "root")?.data as RootMetaData | undefined;
}

/** '{title} - {app name}' for every page (spec §2); the title comes translated from the page's loader. */
export function pageTitle(matches: MatchLike[], title: string | undefined): MetaDescriptor[] {
  const appName = rootData(matches)?.appName ?? "Bazaar";
  return [{ title: title ? `${title} - ${appName}` : appName }];
}

/** Title of the page shown by an error boundary. */
export function errorTitle(matches: MatchLike[], notFound: boolean): MetaDescriptor[] {
  const root = rootData(matches);
  return pageTitle(matches, notFound ? root?.notFoundTitle : root?.errorTitle);
}

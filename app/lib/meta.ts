import type { MetaDescriptor } from "@remix-run/node";

interface RootMetaData { appName: string; errorTitles: Record<"403" | "404" | "429" | "500", string> }

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
export function errorTitle(matches: MatchLike[], status: number): MetaDescriptor[] {
  const titles = rootData(matches)?.errorTitles;
  return pageTitle(matches, titles?.[String(status) as keyof typeof titles] ?? titles?.["500"]);
}

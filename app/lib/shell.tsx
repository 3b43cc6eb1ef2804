import { createContext, useContext } from "react";
import { useRootData } from "~/root";
import type { Shell } from "./shell.server";

/*
 * The page's frame (menus, footer, categories, theme) is the same on every page until the shop's settings change.
 * Serialized with each page's loader data it cost about a millisecond of every page's CPU: a page carries it instead
 * as a data block made once per settings read (shell.server.ts), and its loader data says "inline"; the data of a
 * JavaScript navigation still carries it (docs/decisions/0031-lighter-pages-to-make.md).
 */

export type { Shell };
export interface ShellBlock {
  shell: Shell;
  /** The data block's text. */
  json: string;
}

/** Set by entry.server only: the browser reads the document's data block. */
const ServerShellContext = createContext<ShellBlock | null>(null);
export const ServerShellProvider = ServerShellContext.Provider;

const SHELL_DATA_ID = "shell-data";
/** The data block of the document as loaded. */
let documentShell: ShellBlock | null = null;
function shellOfDocument(): ShellBlock | null {
  if (!documentShell) {
    const json = document.getElementById(SHELL_DATA_ID)?.textContent;
    if (json) documentShell = { json, shell: JSON.parse(json) as Shell };
  }
  return documentShell;
}

/** The frame's settings; none on an error page whose root loader failed. */
export function useShell(): Shell | undefined {
  const server = useContext(ServerShellContext);
  const shell = useRootData()?.shell;
  if (shell !== "inline") return shell;
  return (server ?? shellOfDocument())?.shell;
}

/** The frame's settings as a data block, in a document whose loader data says "inline". */
export function ShellData() {
  const server = useContext(ServerShellContext);
  const inline = useRootData()?.shell === "inline";
  const json = inline ? (server ?? shellOfDocument())?.json : undefined;
  return json ? <script type="application/json" id={SHELL_DATA_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} /> : null;
}

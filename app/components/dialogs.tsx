import { useLocation, type LinkProps } from "@remix-run/react";
import { Link } from "~/components/link";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import type { DialogName } from "./modal-dialog";

/**
 * Dialogs with URLs (house rule 2): each dialog is a real page (/login, /logout, …) that works without
 * JavaScript. With it, a `DialogLink` opens the same form in a native <dialog> over the current page; the form
 * posts through a fetcher, and the redirect that follows a success closes it. The content loads on first use.
 */
export interface DialogContentProps {
  /** Closes the dialog and returns focus to what opened it. */
  close: () => void;
  /** The page the dialog was opened on (where a sign-in returns to). */
  returnTo: string;
  /** The id of the dialog's heading, which names the dialog. */
  titleId: string;
  /** The link's own query (e.g. a product to return to), for the dialog to pass on. */
  search: string;
  /** The link's own path (e.g. /cart/vouchers/3), for a dialog whose page takes an id in its path. */
  pathname: string;
}

// The dialog itself (and which content each name shows) loads on first use: no page needs it before a click.
const ModalDialog = lazy(() => import("./modal-dialog"));

export interface OpenDialog {
  name: DialogName;
  search: string;
  pathname: string;
  opener: HTMLElement | null;
  /** Opened over the dialog it was opened from (the voucher dialog over the cart panel), not instead of it. */
  nested: boolean;
}

const DialogContext = createContext<((dialog: OpenDialog) => void) | null>(null);
export const LayerContext = createContext<{ top: HTMLDialogElement | null; attach: (element: HTMLDialogElement) => () => void }>({
  top: null,
  attach: () => () => {},
});

/**
 * The topmost open dialog, or null: a modal dialog makes the rest of the page inert, so what must stay
 * reachable while one is open (the toasts) renders inside it.
 */
export function useDialogLayer(): HTMLDialogElement | null {
  return useContext(LayerContext).top;
}

/**
 * A link to a dialog's page; with JavaScript it opens the dialog in place. `nested` opens it over the dialog the
 * link is in; closing it returns there.
 */
export function DialogLink({ dialog, to, onClick, nested = false, ...props }: LinkProps & { dialog: DialogName; to: string; nested?: boolean }) {
  const open = useContext(DialogContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!open || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const url = new URL(to, "http://x");
    open({ name: dialog, search: url.search, pathname: url.pathname, opener: event.currentTarget, nested });
  };
  return <Link to={to} onClick={handleClick} {...props} />;
}

export function DialogHost({ children }: { children: ReactNode }) {
  // The open dialogs, the topmost last: a nested one stacks over the one it was opened from.
  const [stack, setStack] = useState<OpenDialog[]>([]);
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;

  const close = useCallback((dialog: OpenDialog) => {
    setStack((open) => {
      // Focus goes back to the opener when it is still on the page (after a sign-in the header changes).
      if (dialog.opener?.isConnected) requestAnimationFrame(() => dialog.opener?.focus());
      const index = open.indexOf(dialog);
      return index < 0 ? open : open.slice(0, index);
    });
  }, []);

  // Any navigation (the redirect after a successful form, a link inside the dialog) closes them.
  const key = location.key;
  const openedAt = useRef(key);
  useEffect(() => {
    if (openedAt.current !== key) setStack([]);
    openedAt.current = key;
  }, [key]);

  const open = useCallback((dialog: OpenDialog) => setStack((current) => (dialog.nested ? [...current, dialog] : [dialog])), []);
  const value = useMemo(() => open, [open]);

  const [elements, setElements] = useState<HTMLDialogElement[]>([]);
  const attach = useCallback((element: HTMLDialogElement) => {
    setElements((current) => [...current, element]);
    return () => setElements((current) => current.filter((other) => other !== element));
  }, []);
  const layer = useMemo(() => ({ top: elements.at(-1) ?? null, attach }), [elements, attach]);

  return (
    <DialogContext.Provider value={value}>
      <LayerContext.Provider value={layer}>
        {children}
        {stack.map((dialog) => (
          <Suspense key={`${dialog.name}${dialog.pathname}${dialog.search}`} fallback={null}>
            <ModalDialog dialog={dialog} close={() => close(dialog)} returnTo={returnTo} />
          </Suspense>
        ))}
      </LayerContext.Provider>
    </DialogContext.Provider>
  );
}

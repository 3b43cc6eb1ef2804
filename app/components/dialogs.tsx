import { Link, useLocation, type LinkProps } from "@remix-run/react";
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
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";

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
}

const contents: Record<string, ComponentType<DialogContentProps>> = {
  login: lazy(() => import("./auth/login-dialog")),
  logout: lazy(() => import("./auth/logout-dialog")),
  register: lazy(() => import("./auth/register-dialog")),
  "verify-otp": lazy(() => import("./auth/otp-dialog")),
  "forgot-password": lazy(() => import("./auth/forgot-dialog")),
  "reset-password": lazy(() => import("./auth/reset-dialog")),
};
export type DialogName = keyof typeof contents;

interface OpenDialog {
  name: DialogName;
  search: string;
  opener: HTMLElement | null;
}

const DialogContext = createContext<((dialog: OpenDialog) => void) | null>(null);

/** A link to a dialog's page; with JavaScript it opens the dialog in place. */
export function DialogLink({ dialog, to, onClick, ...props }: LinkProps & { dialog: DialogName; to: string }) {
  const open = useContext(DialogContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!open || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open({ name: dialog, search: new URL(to, "http://x").search, opener: event.currentTarget });
  };
  return <Link to={to} onClick={handleClick} {...props} />;
}

export function DialogHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenDialog | null>(null);
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;

  const close = useCallback(() => {
    setCurrent((dialog) => {
      // Focus goes back to the opener when it is still on the page (after a sign-in the header changes).
      if (dialog?.opener?.isConnected) requestAnimationFrame(() => dialog.opener?.focus());
      return null;
    });
  }, []);

  // Any navigation (the redirect after a successful form, a link inside the dialog) closes it.
  const key = location.key;
  const openedAt = useRef(key);
  useEffect(() => {
    if (openedAt.current !== key) setCurrent(null);
    openedAt.current = key;
  }, [key]);

  const open = useCallback((dialog: OpenDialog) => setCurrent(dialog), []);
  const value = useMemo(() => open, [open]);
  return (
    <DialogContext.Provider value={value}>
      {children}
      {current ? <ModalDialog dialog={current} close={close} returnTo={returnTo} /> : null}
    </DialogContext.Provider>
  );
}

function ModalDialog({ dialog, close, returnTo }: { dialog: OpenDialog; close: () => void; returnTo: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const Content = contents[dialog.name];
  const titleId = `dialog-${dialog.name}-title`;

  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      onClose={close}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => event.target === ref.current && ref.current?.close()}
    >
      <div className="relative p-6">
        <button
          type="button"
          className="absolute end-3 top-3 rounded p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100"
          aria-label={t("dialog.close")}
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
        <Suspense fallback={<p className="py-8 text-center text-slate-600">{t("dialog.loading")}</p>}>
          <Content close={() => ref.current?.close()} returnTo={returnTo} titleId={titleId} search={dialog.search} />
        </Suspense>
      </div>
    </dialog>
  );
}

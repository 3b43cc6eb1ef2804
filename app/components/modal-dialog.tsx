import { lazy, Suspense, useContext, useEffect, useRef, type ComponentType } from "react";
import { useTranslation } from "~/lib/translation";
import { LayerContext, type DialogContentProps, type OpenDialog } from "./dialogs";

/** What each dialog shows; each loads on its first use. */
const contents: Record<string, ComponentType<DialogContentProps>> = {
  login: lazy(() => import("./auth/login-dialog")),
  logout: lazy(() => import("./auth/logout-dialog")),
  register: lazy(() => import("./auth/register-dialog")),
  "verify-otp": lazy(() => import("./auth/otp-dialog")),
  "forgot-password": lazy(() => import("./auth/forgot-dialog")),
  "reset-password": lazy(() => import("./auth/reset-dialog")),
  cart: lazy(() => import("./cart/cart-panel")),
  vouchers: lazy(() => import("./cart/voucher-dialog")),
  "order-cancel": lazy(() => import("./orders/cancel-order-dialog")),
  "order-review": lazy(() => import("./orders/review-dialog")),
};
export type DialogName = keyof typeof contents;

/** Dialogs that do not look like the centred box: the cart slides in from the end edge (spec §2 cart side panel). */
const looks: Record<string, string> = {
  cart: "slide-in-end m-0 ms-auto h-full max-h-none w-[min(28rem,100vw)] bg-white p-0 shadow-xl backdrop:bg-slate-900/50",
};
const defaultLook = "w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50";

/** One open dialog of the DialogHost: a native modal <dialog> with a close button around its content. */
export default function ModalDialog({ dialog, close, returnTo }: { dialog: OpenDialog; close: () => void; returnTo: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const Content = contents[dialog.name];
  const titleId = `dialog-${dialog.name}-title`;
  const { attach } = useContext(LayerContext);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return attach(element);
  }, [attach]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={looks[dialog.name] ?? defaultLook}
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
          <Content close={() => ref.current?.close()} returnTo={returnTo} titleId={titleId} search={dialog.search} pathname={dialog.pathname} />
        </Suspense>
      </div>
    </dialog>
  );
}

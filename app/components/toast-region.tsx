import { Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { lazyComponent, whenPosting } from "./lazy-component";
import { useTranslation } from "~/lib/translation";
import { useRootData } from "~/root";
import { useDialogLayer } from "./dialogs";

/** The list's code loads with the first toast, or while a form is posted (its answer is often one): most pages never show one. */
const loadToastList = () => import("./toast-list");
const ToastList = lazyComponent(loadToastList);

const NO_TOASTS: never[] = [];

/**
 * Flash messages in a polite live region, bottom-start (bottom-left, bottom-right in RTL). The region is on
 * every page from the start, so a screen reader announces the toasts put into it later. It is the first thing in
 * the page's `<main>` (placed there by the frame), so text browsers and screen readers in browse mode read a
 * form's answer before the page, not after the footer; CSS pins it to the corner.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useRootData()?.toasts ?? NO_TOASTS;
  const [active, setActive] = useState(toasts.length > 0);
  useEffect(() => {
    if (toasts.length > 0) setActive(true);
  }, [toasts]);
  const layer = useDialogLayer();
  useEffect(() => whenPosting(() => void loadToastList()), []);

  const region = (
    <div
      role="status"
      aria-live="polite"
      aria-label={t("a11y.notifications")}
      className="pointer-events-none fixed bottom-4 start-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {active ? (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      ) : null}
    </div>
  );
  // While a modal dialog is open the page under it is inert: the toasts then show (and are announced) inside it.
  return layer ? createPortal(region, layer) : region;
}

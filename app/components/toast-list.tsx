import { useFetcher, useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { MAX_TOASTS, type ShownToast, type Toast, type ToastAction } from "~/lib/toast";
import { DialogLink } from "./dialogs";

const kindStyles: Record<Toast["kind"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-primary bg-primary-50 text-primary-950",
};

/**
 * The toasts inside the live region. Server-rendered so they show without JS until the next page; with JS
 * each one fades after its duration, and toasts from later answers join the list.
 */
export default function ToastList({ toasts }: { toasts: ShownToast[] }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [shown, setShown] = useState(toasts);
  const [leaving, setLeaving] = useState<string[]>([]);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (toasts.length === 0) return;
    setShown((current) => {
      const known = new Set(current.map((toast) => toast.id));
      return [...current, ...toasts.filter((toast) => !known.has(toast.id))].slice(-MAX_TOASTS);
    });
  }, [toasts]);

  useEffect(() => {
    if (!hydrated) return;
    const timers = shown.map((toast) => setTimeout(() => dismiss(toast.id), toast.duration));
    return () => timers.forEach(clearTimeout);
  }, [hydrated, shown]);

  function dismiss(id: string) {
    setLeaving((ids) => [...ids, id]);
    setTimeout(() => setShown((current) => current.filter((toast) => toast.id !== id)), 300);
  }

  return shown.map((toast) => (
    <div
      key={toast.id}
      className={`pointer-events-auto flex items-start gap-3 rounded-md border-s-4 p-3 shadow-lg ${kindStyles[toast.kind]} ${leaving.includes(toast.id) ? "toast-leaving" : ""}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        <p className="line-clamp-3 break-words text-sm">{toast.message}</p>
        {toast.action ? <ToastActionControl action={toast.action} hydrated={hydrated} /> : null}
      </div>
      {hydrated ? (
        <button type="button" onClick={() => dismiss(toast.id)} className="rounded px-1 text-lg leading-none" aria-label={t("a11y.dismiss")}>
          ×
        </button>
      ) : null}
    </div>
  ));
}

/**
 * A toast's button: a link (its dialog opens in place with JS) or a form post. With JS the post goes through a
 * fetcher and answers in place (`stay`), so an open cart panel stays open; without JS it returns to this page.
 */
function ToastActionControl({ action, hydrated }: { action: ToastAction; hydrated: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const className = "mt-1 inline-block text-sm font-semibold underline underline-offset-2";
  if ("href" in action) {
    return action.dialog ? (
      <DialogLink dialog={action.dialog} to={action.href} className={className}>{action.label}</DialogLink>
    ) : (
      <Link to={action.href} className={className}>{action.label}</Link>
    );
  }
  return (
    <fetcher.Form method="post" action={action.post}>
      {Object.entries(action.fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>{action.label}</button>
    </fetcher.Form>
  );
}

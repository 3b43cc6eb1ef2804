/** A message for the shopper; texts are locale keys with values, translated when shown. */
export interface Toast {
  id: string;
  kind: "success" | "error" | "warning" | "info";
  /** Locale key of a short heading, optional. */
  title?: string;
  /** Locale key of the message. */
  message: string;
  values?: Record<string, string | number>;
  /** 3000 for login, registration and cart messages; 5000 otherwise (spec §9). */
  duration: 3000 | 5000;
  action?: ToastAction;
}

/**
 * A button in the toast (spec §8: 'View In Cart', 'Again Add to Cart'): a link, opening its dialog with JS,
 * or a form post with its fields. `label` is a locale key.
 */
export type ToastAction =
  | { label: string; href: string; dialog?: string }
  | { label: string; post: string; fields: Record<string, string> };

export const MAX_TOASTS = 20;

/** A toast as the page shows it: texts already translated on the server, so any namespace works. */
export interface ShownToast {
  id: string;
  kind: Toast["kind"];
  title: string;
  message: string;
  duration: Toast["duration"];
  /** The action with its label translated. */
  action?: ToastAction;
}

import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";

export const inputClass =
  "block w-full rounded-md border border-slate-400 px-3 py-2 text-base aria-[invalid=true]:border-red-700 focus:border-primary";

/**
 * A labelled control with an optional hint and the first error under it. Errors are locale keys (with their
 * namespace, e.g. "auth:login.wrong"), translated here with `values`.
 */
export function Field({
  label,
  field,
  hint,
  values,
  children,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  hint?: string;
  values?: Record<string, string | number>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-900">{label}</label>
      {hint ? <p id={field.descriptionId} className="text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-1">{children}</div>
      {error ? <p id={field.errorId} className="mt-1 text-sm font-medium text-red-700">{t(error, values)}</p> : null}
    </div>
  );
}

/** An error about the whole form (not one field), announced when it appears. */
export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation();
  const error = errors?.[0];
  return error ? (
    <p id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{t(error)}</p>
  ) : null;
}

import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A cart form (spec §2 basket list): a plain post that comes back to `redirectTo` without JS; with JS it posts
 * through a fetcher and is answered in place (`stay`), so the cart page or panel updates where it is.
 */
export function CartForm({
  action,
  fields,
  redirectTo,
  className,
  children,
}: {
  action: string;
  fields: Record<string, string | number>;
  redirectTo: string;
  className?: string;
  children: (busy: boolean) => ReactNode;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={action} className={className}>
      {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}

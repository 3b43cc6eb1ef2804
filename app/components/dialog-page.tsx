import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A dialog's page (house rule 2): the page's loader data, loaded when the dialog opens, and the fetcher its
 * form posts through to the page's action.
 */
export function useDialogPage<Loader, Action>(url: string) {
  const page = useFetcher<Loader>();
  const submit = useFetcher<Action>();
  const { load } = page;
  useEffect(() => {
    load(url);
  }, [load, url]);
  return { data: page.data, submit };
}

/** What a dialog shows (named by its title) while its page's data loads. */
export function DialogLoading({ titleId, title }: { titleId: string; title: string }) {
  return <p id={titleId} className="py-8 text-center text-slate-600">{title}</p>;
}

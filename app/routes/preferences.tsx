import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { shopContext } from "~/lib/context.server";
import { localeCookie } from "~/lib/i18n.server";
import { commitSession, flashToast, safeRedirectPath } from "~/lib/session.server";
import { readForm } from "~/lib/forms.server";

/** The shopper's language and currency picks: plain form posts from the top bar, answered with PRG. */
export async function action({ request }: ActionFunctionArgs) {
  const { settings, session } = await shopContext(request);
  const form = await readForm(request);
  const to = safeRedirectPath(form.get("redirectTo"));
  const headers = new Headers();
  const locale = form.get("locale");
  const currency = form.get("currency");

  if (typeof locale === "string") {
    if (settings.languages.some((l) => l.name === locale)) {
      headers.append("Set-Cookie", await localeCookie.serialize(locale));
    } else {
      flashToast(session, { kind: "error", message: "toast.invalidChoice" });
    }
  }
  if (typeof currency === "string") {
    if (settings.currencies.some((c) => c.name === currency)) {
      session.set("currency", currency);
      flashToast(session, { kind: "success", message: "toast.currencyChanged", values: { currency } });
    } else {
      flashToast(session, { kind: "error", message: "toast.invalidChoice" });
    }
  }
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { status: 303, headers });
}

/** Nothing to show here: a GET (e.g. a reload after posting) goes home. */
export function loader() {
  return redirect("/");
}

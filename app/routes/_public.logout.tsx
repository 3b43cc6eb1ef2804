import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { shopContext } from "~/lib/context.server";
import { forRequest } from "~/lib/log.server";
import { pageTitle } from "~/lib/seo";
import { commitSession, flashToast } from "~/lib/session.server";
import { endSignIn } from "~/modules/auth/sessions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, t } = await shopContext(request);
  if (!user) throw redirect("/");
  const back = request.headers.get("Referer");
  const backPath = back && new URL(back).origin === new URL(request.url).origin ? new URL(back).pathname : "/";
  return { title: t("logout.title"), backPath: backPath === "/logout" ? "/" : backPath };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

/** POST only (a GET never signs anyone out). The browser is signed out even if deleting the sign-in fails. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, session } = await shopContext(request);
  await endSignIn(db, session).catch((error) => console.error(forRequest(request), "Ending a sign-in failed", error));
  session.unset("signIn");
  flashToast(session, { kind: "success", message: "logout.done" });
  return redirect("/", { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

export default function Logout() {
  const { backPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="container-shop flex justify-center py-16">
      <section aria-labelledby="logout-title" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 id="logout-title" className="text-2xl font-bold">{t("logout.title")}</h1>
        <p className="mt-2 text-slate-600">{t("logout.confirm")}</p>
        <Form method="post" className="mt-6 flex justify-center gap-3">
          <Link to={backPath} className="btn-secondary">{t("logout.cancel")}</Link>
          <button type="submit" name="intent" value="logout" className="btn-primary">{t("logout.yes")}</button>
        </Form>
      </section>
    </div>
  );
}

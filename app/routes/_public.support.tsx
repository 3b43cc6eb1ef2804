import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import { ContactDetailsList } from "~/components/contact-details";
import { shopContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { contactDetails } from "~/modules/content/pages.server";

export const handle = { i18n: ["content"] };

const TOPICS = ["orders", "returns", "payments", "account"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { settings, t, user } = await shopContext(request);
  return {
    title: t("content:support.title"),
    description: t("content:support.description"),
    details: contactDetails(settings),
    signedIn: user !== null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, { title: data.title, description: data.description, path: "/support" }) : [];

export default function Support() {
  const { details, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const action = "inline-flex min-h-11 items-center font-semibold text-primary-700 underline-offset-2 hover:underline";
  return (
    <div className="container-shop py-10">
      <h1 className="text-3xl font-bold">{t("support.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t("support.intro")}</p>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10">
          <section aria-labelledby="support-topics">
            <h2 id="support-topics" className="text-xl font-bold">{t("support.topics")}</h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {TOPICS.map((topic) => (
                <li key={topic} className="rounded-lg border border-slate-200 p-5">
                  <h3 className="font-semibold">{t(`support.${topic}`)}</h3>
                  <p className="mt-2 text-sm text-slate-700">{t(`support.${topic}Text`)}</p>
                  {topic === "returns" ? (
                    <Link to="/return-policy" className={`${action} mt-2 text-sm`}>{t("support.returnPolicy")}</Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="support-tickets" className="rounded-lg bg-slate-50 p-5">
            <h2 id="support-tickets" className="text-xl font-bold">{t("support.tickets")}</h2>
            {signedIn ? (
              <>
                <p className="mt-2 text-sm text-slate-700">{t("support.ticketsText")}</p>
                <Link to="/support-tickets" className={action}>{t("support.myTickets")}</Link>
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-700">{t("support.ticketsGuest")}</p>
            )}
          </section>
        </div>

        <section aria-labelledby="support-contact">
          <h2 id="support-contact" className="text-xl font-bold">{t("support.contactWays")}</h2>
          <ContactDetailsList details={details} />
          <Link to="/contact-us" className="btn-primary mt-6 min-h-11">{t("support.contactForm")}</Link>
        </section>
      </div>
    </div>
  );
}

import { useTranslation } from "~/lib/translation";
import type { ContactDetails } from "~/modules/content/pages.server";
import { MailIcon, PhoneIcon } from "./icons";

const link = "font-medium text-primary-700 underline-offset-2 hover:underline";

/** The shop's phone, email, WhatsApp, Messenger and address; what the settings leave empty is not shown. */
export function ContactDetailsList({ details }: { details: ContactDetails }) {
  const { t } = useTranslation("content");
  const whatsappNumber = details.whatsapp.replace(/[^\d]/g, "");
  return (
    <dl className="mt-4 space-y-4 text-sm">
      {details.phone ? (
        <div>
          <dt className="flex items-center gap-2 font-semibold text-slate-900"><PhoneIcon className="h-4 w-4" />{t("contact.phone")}</dt>
          <dd className="mt-1"><a href={`tel:${details.phone.replace(/[^\d+]/g, "")}`} className={link} dir="ltr">{details.phone}</a></dd>
        </div>
      ) : null}
      {details.email ? (
        <div>
          <dt className="flex items-center gap-2 font-semibold text-slate-900"><MailIcon className="h-4 w-4" />{t("contact.email")}</dt>
          <dd className="mt-1"><a href={`mailto:${details.email}`} className={link}>{details.email}</a></dd>
        </div>
      ) : null}
      {whatsappNumber ? (
        <div>
          <dt className="font-semibold text-slate-900">{t("contact.whatsapp")}</dt>
          <dd className="mt-1">
            <a href={`https://wa.me/${whatsappNumber}`} target="_blank" rel="noopener noreferrer" className={link}>
              {t("contact.chatOnWhatsapp")} <span className="sr-only">{t("contact.opensNewTab")}</span>
            </a>
          </dd>
        </div>
      ) : null}
      {/^https:\/\//.test(details.messenger) ? (
        <div>
          <dt className="font-semibold text-slate-900">{t("contact.messenger")}</dt>
          <dd className="mt-1">
            <a href={details.messenger} target="_blank" rel="noopener noreferrer" className={link}>
              {t("contact.chatOnMessenger")} <span className="sr-only">{t("contact.opensNewTab")}</span>
            </a>
          </dd>
        </div>
      ) : null}
      {details.address ? (
        <div>
          <dt className="font-semibold text-slate-900">{t("contact.address")}</dt>
          <dd className="mt-1 text-slate-700"><address className="not-italic">{details.address}</address></dd>
        </div>
      ) : null}
    </dl>
  );
}

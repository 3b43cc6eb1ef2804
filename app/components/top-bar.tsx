import { Link } from "~/components/link";
import { useTranslation } from "~/lib/translation";
import type { Shell } from "~/lib/shell";
import type { RootData } from "~/root";
import { PhoneIcon } from "./icons";
import { TextSeparator } from "./text-only";
import { CurrencyPicker, LanguagePicker } from "./preference-pickers";

export function TopBar({ root, shell }: { root: RootData; shell: Shell }) {
  const { t } = useTranslation();
  return (
    <div className="bg-primary-950 text-sm text-white">
      <div className="container-shop flex h-10 items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          {shell.multiVendor ? (
            <Link to="/shop/register" className="font-medium hover:underline">{t("topbar.becomeSeller")}</Link>
          ) : null}
          <TextSeparator />
          {shell.mobile ? (
            <a href={`tel:${shell.mobile.replace(/[^\d+]/g, "")}`} className="hidden items-center gap-1 hover:underline sm:flex">
              <PhoneIcon className="h-4 w-4" />
              <span>{t("topbar.hotline")}:</span>{" "}
              <span dir="ltr">{shell.mobile}</span>
            </a>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          <CurrencyPicker currencies={shell.currencies} selected={root.currency.name} />
          <LanguagePicker languages={shell.languages} selected={root.locale} />
        </div>
      </div>
    </div>
  );
}

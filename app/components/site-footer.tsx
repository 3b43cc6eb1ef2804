import { useTranslation } from "~/lib/translation";
import type { Shell } from "~/lib/shell";
import type { RootData } from "~/root";
import type { FooterBlock, FooterItem } from "~/modules/settings/settings.server";
import { useState } from "react";
import { SharedMarkup } from "~/lib/shared-markup";
import { useHydrated } from "~/lib/use-hydrated";
import { ChevronDownIcon, MailIcon, PhoneIcon } from "./icons";
import { MenuLink } from "./nav-link";

function FooterItemView({ item, root, shell }: { item: FooterItem; root: RootData; shell: Shell }) {
  const { t } = useTranslation();
  switch (item.type) {
    case "logo":
      return <img src={shell.footerLogo} alt={t("footer.logoAlt", { appName: root.appName })} width={140} height={36} loading="lazy" className="h-9 w-auto" />;
    case "text":
      return <p className="text-sm leading-6 text-slate-300">{item.title}</p>;
    case "email":
      return (
        <a href={item.url ?? `mailto:${item.title}`} className="flex items-center gap-2 text-sm hover:underline">
          <MailIcon className="h-4 w-4" />
          <span className="sr-only">{t("footer.emailUs")}: </span>
          {item.title}
        </a>
      );
    case "phone":
      return (
        <a href={item.url ?? `tel:${item.title}`} className="flex items-center gap-2 text-sm hover:underline">
          <PhoneIcon className="h-4 w-4" />
          <span className="sr-only">{t("footer.callUs")}: </span>
          <span dir="ltr">{item.title}</span>
        </a>
      );
    case "social_links":
      return (
        <ul className="flex flex-wrap gap-3">
          {shell.socialLinks.map((social) => (
            <li key={social.name}>
              <a href={social.link} target="_blank" rel="noopener noreferrer" className="block rounded-full hover:opacity-80">
                <img src={social.logo} alt={t("footer.followUs", { name: social.name })} width={32} height={32} loading="lazy" className="h-8 w-8" />
              </a>
            </li>
          ))}
        </ul>
      );
    case "app_store":
      return (
        <div className="flex items-center gap-3">
          <a href={item.url ?? "#"} rel="noopener noreferrer" className="inline-flex rounded-md border border-slate-500 px-3 py-2 text-sm hover:bg-white/10">
            {item.title}
          </a>
          {shell.footerQr ? (
            <img src={shell.footerQr} alt={t("footer.scanQr")} width={64} height={64} loading="lazy" className="h-16 w-16 bg-white p-1" />
          ) : null}
        </div>
      );
    case "link":
      return (
        <MenuLink url={item.url ?? "/"} target={item.target} className="text-sm text-slate-300 hover:text-white hover:underline">
          {item.title}
        </MenuLink>
      );
    default:
      return null;
  }
}

function ItemList({ block, root, shell }: { block: FooterBlock; root: RootData; shell: Shell }) {
  return (
    <ul className="mt-4 space-y-3">
      {block.items.map((item) => (
        <li key={item.id}><FooterItemView item={item} root={root} shell={shell} /></li>
      ))}
    </ul>
  );
}

/**
 * Under 640 px with JavaScript a column folds behind its title (a button in the heading); without JavaScript, and
 * on wider screens, every column is open. One copy of each list for every screen, so text browsers read it once.
 */
function FooterColumn({ block, root, shell }: { block: FooterBlock; root: RootData; shell: Shell }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const listId = `footer-${block.id}`;
  return (
    <div className="border-b border-slate-700 py-2 sm:border-0 sm:py-0">
      <h2 className="font-semibold">
        {hydrated ? (
          <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} className="flex w-full items-center justify-between text-start sm:hidden">
            {block.title}
            <ChevronDownIcon className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`} />
          </button>
        ) : null}
        <span className={hydrated ? "max-sm:hidden" : undefined}>{block.title}</span>
      </h2>
      <div id={listId} data-open={open ? "" : undefined} className="js-footer-collapsed">
        <ItemList block={block} root={root} shell={shell} />
      </div>
    </div>
  );
}

/** Footer columns from settings. */
export function SiteFooter({ root, shell }: { root: RootData; shell: Shell }) {
  const year = new Date().getFullYear();
  // Drawn once on the server for many pages (ADR 0030): it shows only the settings and the year.
  return (
    <SharedMarkup id={`footer ${year}`}>
      <Footer root={root} shell={shell} year={year} />
    </SharedMarkup>
  );
}

function Footer({ root, shell, year }: { root: RootData; shell: Shell; year: number }) {
  const { t } = useTranslation();
  return (
    <footer aria-label={t("a11y.footer")} className="mt-16 bg-slate-900 text-white">
      {shell.showFooter && shell.footers.length ? (
        <div className="container-shop grid gap-2 py-10 sm:grid-cols-2 sm:gap-8 lg:grid-cols-4">
          {shell.footers.map((block) => <FooterColumn key={block.id} block={block} root={root} shell={shell} />)}
        </div>
      ) : null}
      <div className="border-t border-slate-700">
        <p className="container-shop py-4 text-center text-sm text-slate-300">
          © {year} {shell.footerText || t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}

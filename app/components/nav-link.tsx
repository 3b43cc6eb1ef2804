import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";

/** A settings-driven link: external ones are plain anchors (new tab when asked), internal ones client links. */
export function MenuLink({
  url,
  target,
  external,
  className,
  children,
}: {
  url: string;
  target?: string;
  external?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isExternal = external || /^(https?:|mailto:|tel:)/.test(url);
  if (isExternal) {
    const newTab = target === "_blank";
    return (
      <a href={url} target={newTab ? "_blank" : undefined} rel={newTab ? "noopener noreferrer" : undefined} className={className}>
        {children}
        {newTab ? <span className="sr-only"> {t("a11y.opensNewTab")}</span> : null}
      </a>
    );
  }
  return (
    <Link to={url} prefetch="intent" className={className}>
      {children}
    </Link>
  );
}

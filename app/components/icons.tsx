import type { SVGProps } from "react";

/** Each icon's shapes, drawn on a 24 × 24 grid. */
const SHAPES = {
  search: <><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></>,
  heart: <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9Z" />,
  bag: <><path d="M5 8h14l-1 12H6L5 8Z" /><path d="M9 8V6a3 3 0 0 1 6 0v2" /></>,
  user: <><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></>,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  "chevron-down": <path d="m6 9 6 6 6-6" />,
  phone: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />,
  mail: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></>,
  grid: <><rect x="4" y="4" width="6" height="6" rx="1" /><rect x="14" y="4" width="6" height="6" rx="1" /><rect x="4" y="14" width="6" height="6" rx="1" /><rect x="14" y="14" width="6" height="6" rx="1" /></>,
  download: <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />,
  globe: <><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" /></>,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  star: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z" />,
};
type IconName = keyof typeof SHAPES;
/** Icons drawn solid; the others are outlines, filled where their `fill` asks (a wishlisted heart). */
const SOLID: ReadonlySet<IconName> = new Set(["star"]);

/**
 * Every icon's shapes once per page (in the root, ADR 0048): an icon is then a `<use>` of its symbol, ~90 bytes
 * where its shapes and strokes took ~270, and a product page shows 55 of them.
 */
export function IconSymbols() {
  return (
    <svg className="hidden" aria-hidden="true" focusable="false">
      {Object.entries(SHAPES).map(([name, shapes]) =>
        SOLID.has(name as IconName) ? (
          <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24" fill="currentColor" stroke="none">{shapes}</symbol>
        ) : (
          <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
            {shapes}
          </symbol>
        ),
      )}
    </svg>
  );
}

type IconProps = Pick<SVGProps<SVGSVGElement>, "className" | "fill">;

function Icon({ name, className = "h-5 w-5", fill = "none" }: IconProps & { name: IconName }) {
  return (
    <svg aria-hidden="true" focusable="false" fill={fill} className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
export const HeartIcon = (p: IconProps) => <Icon name="heart" {...p} />;
export const BagIcon = (p: IconProps) => <Icon name="bag" {...p} />;
export const UserIcon = (p: IconProps) => <Icon name="user" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon name="menu" {...p} />;
export const ChevronDownIcon = (p: IconProps) => <Icon name="chevron-down" {...p} />;
export const PhoneIcon = (p: IconProps) => <Icon name="phone" {...p} />;
export const MailIcon = (p: IconProps) => <Icon name="mail" {...p} />;
export const GridIcon = (p: IconProps) => <Icon name="grid" {...p} />;
export const DownloadIcon = (p: IconProps) => <Icon name="download" {...p} />;
export const GlobeIcon = (p: IconProps) => <Icon name="globe" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />;
export const StarIcon = (p: IconProps) => <Icon name="star" {...p} />;

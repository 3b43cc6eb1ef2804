import { useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/lib/translation";

interface GalleryImage {
  id: number;
  path: string;
  alt: string;
}

const slideId = (index: number) => `product-image-${index + 1}`;

/**
 * The product's images side by side in a scroll-snapping strip: swipe works natively, and each
 * thumbnail is a link to its image's anchor, so the gallery works without JS. With JS the thumbnail
 * scrolls smoothly without touching the URL, and the thumbnail of the image in view is marked.
 */
export function ProductGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const { t } = useTranslation("product");
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  if (images.length === 0) {
    return <div role="img" aria-label={name} className="aspect-square w-full rounded-lg bg-slate-100" />;
  }

  function show(index: number, event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(slideId(index));
    if (!target) return;
    event.preventDefault();
    setActive(index);
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest", inline: "start" });
  }

  function onScroll() {
    const strip = track.current;
    if (!strip || strip.clientWidth === 0) return;
    // scrollLeft runs negative in right-to-left pages, hence the absolute value.
    setActive(Math.min(images.length - 1, Math.round(Math.abs(strip.scrollLeft) / strip.clientWidth)));
  }

  return (
    <div>
      <div
        ref={track}
        onScroll={onScroll}
        role="region"
        aria-label={t("gallery.label")}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth rounded-lg bg-slate-100 [scrollbar-width:none] motion-reduce:scroll-auto"
      >
        {images.map((image, index) => (
          <div key={image.id} id={slideId(index)} className="w-full shrink-0 snap-start">
            <img
              src={image.path}
              alt={image.alt || name}
              width={600}
              height={600}
              loading={index === 0 ? "eager" : "lazy"}
              className="aspect-square w-full object-cover"
            />
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("gallery.thumbnails")}>
          {images.map((image, index) => (
            <li key={image.id}>
              <a
                href={`#${slideId(index)}`}
                onClick={(event) => show(index, event)}
                aria-current={index === active ? "true" : undefined}
                className={`block overflow-hidden rounded-md border-2 ${index === active ? "border-primary" : "border-slate-200 hover:border-slate-400"}`}
              >
                <img src={image.path} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 object-cover" />
                <span className="sr-only">{t("gallery.show", { index: index + 1, count: images.length })}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

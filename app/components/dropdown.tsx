import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A disclosure built on <details>/<summary>, so it opens and closes without JavaScript.
 * With JavaScript it also closes on Escape, on a click elsewhere and after navigating.
 */
export function Dropdown({
  summary,
  summaryClassName = "",
  className = "",
  onIntent,
  children,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  className?: string;
  /** Called when the shopper is about to open it (pointer over, focus) and when it opens: time to load what it shows. */
  onIntent?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close after a navigation, but not on hydration: a click just before the scripts loaded must stay open.
  const lastLocation = useRef(location.key);
  useEffect(() => {
    if (lastLocation.current === location.key) return;
    lastLocation.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key === "Escape" && details?.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className={`relative ${className}`} onToggle={onIntent}>
      <summary className={summaryClassName} onPointerEnter={onIntent} onFocus={onIntent}>{summary}</summary>
      {children}
    </details>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Time left until `endsAt`. The server renders `initialSeconds` (computed when the page was loaded),
 * so the figure shows without JS; with JS it ticks every second.
 */
export function Countdown({ endsAt, initialSeconds }: { endsAt: string; initialSeconds: number }) {
  const { t } = useTranslation("product");
  const [seconds, setSeconds] = useState(initialSeconds);

  useEffect(() => {
    const end = Date.parse(endsAt);
    const tick = () => setSeconds(Math.max(0, Math.floor((end - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const left = {
    days: Math.floor(seconds / 86_400),
    hours: pad(Math.floor((seconds % 86_400) / 3_600)),
    minutes: pad(Math.floor((seconds % 3_600) / 60)),
    seconds: pad(seconds % 60),
  };
  return (
    <time dateTime={endsAt} className="font-semibold tabular-nums">
      {t("flash.countdown", left)}
    </time>
  );
}

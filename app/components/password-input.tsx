import { useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { inputClass } from "./form-field";

/** A password box; with JavaScript a toggle under it shows what was typed (its name stays, its state is pressed). */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <>
      <input {...props} type={shown ? "text" : "password"} className={inputClass} />
      {hydrated ? (
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-primary-700 hover:underline"
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown((value) => !value)}
        >
          {t("login.show")}
        </button>
      ) : null}
    </>
  );
}

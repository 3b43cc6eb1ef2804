import { useTranslation } from "~/lib/translation";

export interface SocialSignInProps {
  /** The providers active in settings, in order; none → nothing is shown. */
  providers: string[];
  /** Where the shopper returns once signed in. */
  redirectTo: string;
}

/**
 * One button per active social login. Each is a plain form (no fetcher, with or without JavaScript): its POST
 * starts the sign-in on the server, which sends the whole page on to the provider.
 */
export function SocialSignIn({ providers, redirectTo }: SocialSignInProps) {
  const { t } = useTranslation("social");
  if (providers.length === 0) return null;
  return (
    <div className="mt-5">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        <p>{t("or")}</p>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className="mt-3 space-y-2">
        {providers.map((provider) => (
          <li key={provider}>
            <form method="post" action={`/auth/${provider}`}>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button type="submit" className="btn-secondary min-h-11 w-full">
                {t(`continueWith.${provider}`)}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}

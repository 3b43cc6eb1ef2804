import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import { i18nConfig } from "./i18n";

/**
 * The translations React components read: the locale files' texts with the few i18next features the shop uses
 * (namespaces as "ns:key", nested keys, {{value}} interpolation, plurals by Intl.PluralRules with _zero for 0,
 * the fallback language). The browser gets this instead of i18next and react-i18next, some 16 kB gzip less on
 * every first visit; the server renders with the same code, so both agree (ADR 0015).
 */
type Tree = { [key: string]: string | Tree };
type Values = Record<string, unknown> & { count?: number };
/** Texts by language, then namespace. */
export type Resources = Record<string, Record<string, Tree>>;
export type Loader = (language: string, namespace: string) => Promise<Tree>;

const NS_SEPARATOR = ":";
/** A language's plural rules, and their answers for the small whole counts a page shows by the dozen. */
const plurals = new Map<string, { rules: Intl.PluralRules; small: Intl.LDMLPluralRule[] }>();
const SMALL_COUNTS = 1000;
const pluralOf = (language: string, count: number) => {
  let plural = plurals.get(language);
  if (!plural) plurals.set(language, (plural = { rules: new Intl.PluralRules(language), small: [] }));
  if (!Number.isInteger(count) || count < 0 || count >= SMALL_COUNTS) return plural.rules.select(count);
  return (plural.small[count] ??= plural.rules.select(count));
};

export class Translations {
  private listeners = new Set<() => void>();
  private loading = new Map<string, Promise<void>>();
  /** Changes whenever texts arrive or the language changes, so components read a fresh `t`. */
  version = 0;

  constructor(
    public language: string,
    private readonly resources: Resources,
    private readonly load?: Loader,
  ) {}

  /** The language, then the fallback: made once per language, as every text asks for it. */
  private languagesOf: { language: string; list: readonly string[] } | null = null;

  private languages(): readonly string[] {
    if (this.languagesOf?.language !== this.language) {
      const list = this.language === i18nConfig.fallbackLng ? [this.language] : [this.language, i18nConfig.fallbackLng];
      this.languagesOf = { language: this.language, list };
    }
    return this.languagesOf.list;
  }

  has(namespace: string): boolean {
    return this.languages().every((language) => this.resources[language]?.[namespace] !== undefined);
  }

  /** Fetches what is missing of these namespaces (in the language and the fallback) and tells the components. */
  ensure(namespaces: string[]): Promise<void> {
    const { load } = this;
    if (!load) return Promise.resolve();
    const pending = this.languages().flatMap((language) =>
      namespaces
        .filter((namespace) => this.resources[language]?.[namespace] === undefined)
        .map((namespace) => {
          const id = `${language}/${namespace}`;
          let task = this.loading.get(id);
          if (!task) {
            task = load(language, namespace).then(
              (tree) => void ((this.resources[language] ??= {})[namespace] = tree),
              (error: unknown) => console.error("Failed to load language file", id, error),
            );
            this.loading.set(id, task.finally(() => this.loading.delete(id)));
          }
          return task;
        }),
    );
    if (pending.length === 0) return Promise.resolve();
    return Promise.all(pending).then(() => this.changed());
  }

  setLanguage(language: string, namespaces: string[]) {
    if (language === this.language) return;
    this.language = language;
    this.changed();
    void this.ensure(namespaces);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private lookup(language: string, namespace: string, path: string): string | undefined {
    const tree = this.resources[language]?.[namespace];
    return tree && textsByPath(tree).get(path);
  }

  /**
   * The text of `key` ("ns:path" or a path in `namespace`), with its plural form and values; when missing, the
   * default text given instead of values, else the key.
   */
  t(namespace: string, key: string, valuesOrDefault?: Values | string): string {
    const values = typeof valuesOrDefault === "string" ? undefined : valuesOrDefault;
    const split = key.indexOf(NS_SEPARATOR);
    const ns = split > 0 ? key.slice(0, split) : namespace;
    const path = split > 0 ? key.slice(split + 1) : key;
    const count = values?.count;
    // Written without an array of candidates for each text: a page asks for some hundred texts.
    for (const language of this.languages()) {
      if (typeof count === "number") {
        const zero = count === 0 ? this.lookup(language, ns, `${path}_zero`) : undefined;
        if (zero !== undefined) return interpolate(zero, values);
        const plural = this.lookup(language, ns, `${path}_${pluralOf(language, count)}`);
        if (plural !== undefined) return interpolate(plural, values);
      }
      const text = this.lookup(language, ns, path);
      if (text !== undefined) return interpolate(text, values);
    }
    return typeof valuesOrDefault === "string" ? valuesOrDefault : path;
  }
}

const flattened = new WeakMap<Tree, Map<string, string>>();

/** A namespace's texts by their dotted path, made once per loaded file: a page looks up hundreds of texts. */
function textsByPath(tree: Tree): Map<string, string> {
  let texts = flattened.get(tree);
  if (!texts) {
    texts = new Map();
    const walk = (node: Tree, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") texts!.set(prefix + key, value);
        else walk(value, `${prefix}${key}.`);
      }
    };
    walk(tree, "");
    flattened.set(tree, texts);
  }
  return texts;
}

/** A text with placeholders cut once: its fixed parts, each placeholder as written and its name between them. */
const templates = new Map<string, string[]>();

function interpolate(text: string, values?: Values): string {
  if (!values || !text.includes("{{")) return text;
  let parts = templates.get(text);
  if (!parts) {
    parts = text.split(/(\{\{\s*([\w.]+)\s*\}\})/);
    templates.set(text, parts);
  }
  let result = parts[0];
  for (let index = 1; index < parts.length; index += 3) {
    const value = values[parts[index + 1]];
    result += (value === undefined ? parts[index] : String(value)) + parts[index + 2];
  }
  return result;
}

export type TFunction = (key: string, valuesOrDefault?: Values | string) => string;

const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ translations, children }: { translations: Translations; children: ReactNode }) {
  return <TranslationsContext.Provider value={translations}>{children}</TranslationsContext.Provider>;
}

function useTranslations(): Translations {
  const translations = useContext(TranslationsContext);
  if (!translations) throw new Error("useTranslation needs a TranslationsProvider");
  return translations;
}

/** `t` for a namespace ("common" by default) and the language, kept current as texts arrive. */
export function useTranslation(namespace: string = i18nConfig.defaultNS) {
  const translations = useTranslations();
  const version = useSyncExternalStore(translations.subscribe, () => translations.version, () => translations.version);
  useEffect(() => {
    if (!translations.has(namespace)) void translations.ensure([namespace]);
  }, [translations, namespace]);
  return useMemo(
    () => ({ t: ((key, values) => translations.t(namespace, key, values)) as TFunction, i18n: { language: translations.language } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new version means new texts or a new language
    [translations, namespace, version],
  );
}

/** Follows the page's language (a language picked from the menu) and loads the texts of the page's namespaces. */
export function useLanguage(language: string, namespaces: string[]) {
  const translations = useTranslations();
  useEffect(() => {
    translations.setLanguage(language, namespaces);
    void translations.ensure(namespaces);
  }, [translations, language, namespaces]);
}

/**
 * A text with links or other elements inside: `<terms>Terms</terms>` in the text takes the element given as
 * `components.terms` with the inner text as its children.
 */
export function Trans({ t, i18nKey, components }: { t: TFunction; i18nKey: string; components: Record<string, ReactElement> }) {
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

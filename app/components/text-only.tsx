import type { ReactNode } from "react";
import { sentenceAround, usePersonal, type CountSentence } from "~/lib/personal";
import { useTranslation } from "~/lib/translation";

/*
 * Text for clients without CSS (Lynx, w3m) where CSS alone separates or explains things: hidden from the eye by
 * `sr-only` and from screen readers by aria-hidden, which get the same through landmarks, lists and ARIA.
 */

/** A separator between two pieces of text that CSS sets apart (" · " unless given). */
export function TextSeparator({ children = " · " }: { children?: ReactNode }) {
  return <span aria-hidden="true" className="sr-only">{children}</span>;
}

/**
 * A sentence read whole ("Cart, 2 items", "Rated 4.0 out of 5") whose number is also what the eye sees (a badge, a
 * figure beside stars): the words around the number are visually hidden, so every client reads the number once.
 */
export function NumberInSentence({ sentence, number, className }: { sentence: string; number: string; className?: string }) {
  const around = sentenceAround(sentence, number);
  return <SentenceParts around={around} sentence={sentence} number={number} className={className} />;
}

/** NumberInSentence for a count of the shopper's own (the header's badges), from the page's personal texts. */
export function PersonalCount({ name, className }: { name: CountSentence; className?: string }) {
  const personal = usePersonal();
  const around = personal.flag(`${name}.inSentence`) ? { before: personal.text(`${name}.before`), after: personal.text(`${name}.after`) } : null;
  return <SentenceParts around={around} sentence={personal.text(`${name}.sentence`)} number={personal.text(`${name}.number`)} className={className} />;
}

function SentenceParts({ around, sentence, number, className }: { around: { before: string; after: string } | null; sentence: string; number: string; className?: string }) {
  if (!around) {
    return (
      <>
        <span className="sr-only">{sentence}</span>
        <span aria-hidden="true" className={className}>{number}</span>
      </>
    );
  }
  return (
    <>
      <span className="sr-only">{around.before}</span>
      <span className={className}>{number}</span>
      <span className="sr-only">{around.after}</span>
    </>
  );
}

/** '(current)' after the current tab or menu item: screen readers hear aria-current, the eye sees its style. */
export function CurrentMark() {
  const { t } = useTranslation();
  return <span aria-hidden="true" className="sr-only"> {t("a11y.currentMark")}</span>;
}

/**
 * The whole page a shopper gets while the database is away (a 503): rendered without loaders, settings or scripts,
 * in the look of the other error pages (components/error-page.tsx), so it needs nothing the outage took.
 */
export function UnavailableDocument({ lang, dir, stylesheet, title, text, again, retryHref }: {
  lang: string;
  dir: "ltr" | "rtl";
  stylesheet: string;
  title: string;
  text: string;
  again: string;
  retryHref: string;
}) {
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
          <p aria-hidden="true" className="text-7xl font-black text-primary-700">503</p>
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="max-w-md text-slate-600">{text}</p>
          <a href={retryHref} className="btn-primary">{again}</a>
        </main>
      </body>
    </html>
  );
}

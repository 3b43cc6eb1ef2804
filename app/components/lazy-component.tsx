import { createElement, lazy, memo, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A component whose code the browser fetches when it is first drawn (React.lazy; draw it inside a Suspense
 * boundary). The server imports it at start-up and draws it at once, never a fallback: a page must be
 * whole without JS. Any props, as React.lazy itself.
 */
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> | C {
  if (typeof document !== "undefined") return lazy(load);
  let loaded: C | undefined;
  const loading = load().then((module) => {
    loaded = module.default;
  });
  const ServerRendered = (props: object) => {
    if (!loaded) throw loading;
    return createElement(loaded, props);
  };
  return ServerRendered as C;
}

interface PageRouter {
  subscribe(listener: (state: { fetchers: Map<string, { state: string }>; navigation: { formMethod?: string } }) => void): () => void;
}

/** Remix's router of this page (set by RemixBrowser), if any. */
const routerOfPage = () => (typeof window === "undefined" ? undefined : (window as unknown as { __remixRouter?: PageRouter }).__remixRouter);

/**
 * Calls `start` whenever a form is being posted (through a fetcher or as a navigation): code its answer will need can
 * load meanwhile instead of after. Watched on the router itself, since the hooks that tell it are held back with
 * React's transitions. Returns the unsubscribe.
 */
export function whenPosting(start: () => void): () => void {
  const unsubscribe = routerOfPage()?.subscribe((state) => {
    if (state.navigation.formMethod || [...state.fetchers.values()].some((fetcher) => fetcher.state !== "idle")) start();
  });
  return () => unsubscribe?.();
}

/**
 * A part of the page below the fold: the server draws it whole; in the browser its code loads, and the part
 * hydrates, only when it comes near the viewport (until then React keeps the server's HTML, whose links and
 * forms work as without JS). A first visit downloads and runs only what it shows first. When React must draw
 * the part itself first (a new page, or an update reaching it before its code), the code loads at once and
 * the server's HTML stays in view meanwhile.
 */
export function hydrateWhenVisible<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  const loading = typeof document === "undefined" ? null : started.then(load);
  const Part = lazyComponent(loading ? () => loading : load) as ComponentType<ComponentProps<C>>;
  let ready = false;
  void loading?.then(() => (ready = true));

  function Loading({ serverHtml }: { serverHtml: { current?: string } }) {
    useEffect(start, []);
    return serverHtml.current ? <div dangerouslySetInnerHTML={{ __html: serverHtml.current }} /> : null;
  }

  // Memoised: drawn again only for new props.
  return memo(function WhenVisible(props: ComponentProps<C>) {
    const ref = useRef<HTMLDivElement>(null);
    const serverHtml = useRef<string>();
    const [loaded, setLoaded] = useState(ready);
    // Until its code is here the part stays as first drawn: new props would make React drop the server's HTML.
    const [firstDrawn] = useState(() => (
      <Suspense fallback={<Loading serverHtml={serverHtml} />}>
        <Part {...props} />
      </Suspense>
    ));

    useEffect(() => {
      if (loaded || !loading) return;
      serverHtml.current = ref.current?.innerHTML;
      let mounted = true;
      void loading.then(() => mounted && setLoaded(true));
      const element = ref.current;
      const observer =
        element && typeof IntersectionObserver !== "undefined"
          ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: "400px 0px" })
          : null;
      if (observer && element) observer.observe(element);
      else start();
      // A form's answer (a heart, a cart form) is drawn in a transition, and React holds a transition back while it
      // reaches a part still waiting for its code: the code must load then, not when scrolled to (a heart pressed at
      // the top of a product page would otherwise wait for the shopper to scroll).
      const unsubscribe = whenPosting(start);
      return () => {
        mounted = false;
        observer?.disconnect();
        unsubscribe();
      };
    }, [loaded]);

    return (
      <div ref={ref}>
        {loaded ? (
          <Suspense fallback={null}>
            <Part {...props} />
          </Suspense>
        ) : (
          firstDrawn
        )}
      </div>
    );
  }) as unknown as ComponentType<ComponentProps<C>>;
}

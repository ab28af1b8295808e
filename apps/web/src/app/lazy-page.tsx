import { lazy, type ComponentType } from 'react';

/**
 * Every page module of the app, fetched on demand: the features' `components/**\/*-page.tsx` and
 * the pages composed in `app/pages/`. Keyed by the module's path from the app's root
 * (`/src/features/listings/components/browse-page.tsx`), the name the build manifest gives it
 * (without the leading slash).
 */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>(['/src/features/*/components/**/*-page.tsx', '/src/app/pages/*-page.tsx']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's own props, whatever they are
type AnyProps = any;

export interface LazyPage<P = AnyProps> {
  (props: P): React.JSX.Element;
  /** The page's module as the build manifest names it (its files go out with a drawn page). */
  module: string;
  /** Fetches the page's code; settles when it is here (or has failed: the page then shows the error). */
  preload(): Promise<unknown>;
}

/**
 * A page whose code is fetched when it is first drawn, or before (`preload`, for the page the app
 * opens on, so the server's HTML is hydrated without waiting and a first draw shows no spinner).
 * Once the code is here the page draws at once; before, it suspends (the layout's Suspense shows
 * the spinner, or keeps the previous page during a navigation).
 *
 * `file`: the module under src/ (`features/listings/components/browse-page.tsx`); `name`: the
 * component it exports. Both are checked when the page loads, and for every route by a test.
 */
export function lazyPage<P = AnyProps>(file: string, name: string): LazyPage<P> {
  const module = `src/${file}`;
  const load = PAGE_MODULES[`/${module}`];
  return lazyModulePage(module, async () => {
    if (!load) throw new Error(`No page module ${module}`);
    const Component = (await load())[name];
    if (typeof Component !== 'function') throw new Error(`${module} exports no page ${name}`);
    return Component as ComponentType<P>;
  });
}

/** A page of `module` whose component `load` fetches (lazyPage, or a test's page that fails to load). */
export function lazyModulePage<P = AnyProps>(module: string, load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((Component) => {
      Loaded = Component;
      return Component;
    }));
  const Pending = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    const all = props as P & React.JSX.IntrinsicAttributes;
    return Loaded ? <Loaded {...all} /> : <Pending {...all} />;
  }
  return Object.assign(Page, { module, preload });
}

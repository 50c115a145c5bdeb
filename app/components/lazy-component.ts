import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";

/**
 * A component behind `import()` (decision 015): loaded on first use, then kept for every later
 * mount. A failed load (a chunk lost to a deploy) lets the next use try again.
 */
export interface LazyComponent<P> {
  /** The component, once loaded. */
  current(): ComponentType<P> | undefined;
  load(): Promise<ComponentType<P>>;
}

export function lazyComponent<P>(importer: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return {
    current: () => loaded,
    load() {
      loading ??= importer().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The lazy component for a plain stand-in that hands over to it (the search box, the
 * multiselect): undefined at first, so the server's HTML and the hydration agree; `wake()` loads
 * it (once) and sets it. A stand-in mounted after it has loaded (a later page) starts with it.
 */
export function useLazyComponent<P>(
  lazy: LazyComponent<P>,
): [ComponentType<P> | undefined, () => void] {
  const [component, setComponent] = useState<ComponentType<P>>();
  const asked = useRef(false);
  useEffect(() => {
    const loaded = lazy.current();
    if (loaded) setComponent(() => loaded);
  }, [lazy]);
  const wake = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    // A rejection is a chunk that failed to load: the reload guard takes it
    // (updates/chunk-reload.ts), and the stand-in keeps working meanwhile.
    void lazy.load().then((loaded) => setComponent(() => loaded));
  }, [lazy]);
  return [component, wake];
}

import { createElement, lazy, type ComponentType } from 'react';

/** A page whose code is loaded when it is first shown (its own chunk). */
export interface LazyPage {
  /** Renders the page; suspends to the nearest Suspense boundary while its code loads. */
  readonly Component: ComponentType;
  /** Loads the code ahead of the first render. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy, except that a page whose code is already here renders at once instead of suspending
 * for a tick: a preloaded page never flashes the loading state, and tests render the route table
 * synchronously once its pages are preloaded.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed chunk (network) may be fetched again on the next visit
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component() {
    return createElement(loaded ?? Lazy);
  }
  return { Component, preload };
}

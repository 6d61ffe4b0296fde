import { Redirect, Route } from 'wouter';
import type { FeatureRoute } from '../ui/feature-manifest.ts';
import { NotFoundPage } from '../ui/not-found-page.tsx';
import { AppRouter } from './app-router.tsx';
import { featuresFor } from './features.ts';
import { RootLayout } from './root-layout.tsx';

function elementOf(route: FeatureRoute, native: boolean) {
  if (native && route.nativeRedirect) return <Redirect to={route.nativeRedirect} replace />;
  const { Component } = route.page;
  return <Component />;
}

/** A path with a parameter or a wildcard: it matches paths that have a page of their own too. */
const isDynamic = (route: FeatureRoute) => /[:*]/.test(route.path);

/** The route table of spec §2 in the app shell: the pages of the features on this platform, then "not found". */
export function buildRoutes({ native }: { native: boolean }) {
  const features = featuresFor(native);
  const routes = features.flatMap((f) => f.routes);
  // the first route that matches wins: "/market/scene/add" before "/market/scene/:id"
  const ordered = [...routes.filter((r) => !isDynamic(r)), ...routes.filter(isDynamic)];
  return (
    <AppRouter>
      <RootLayout features={features} native={native}>
        {ordered.map((route) => (
          <Route key={route.path} path={route.path}>
            {elementOf(route, native)}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </RootLayout>
    </AppRouter>
  );
}

import { Navigate, type RouteObject } from 'react-router';
import { isPending, type FeatureRoute } from '../ui/feature-manifest.ts';
import { NotFoundPage, PendingPage } from '../ui/pending-page.tsx';
import { featuresFor } from './features.ts';
import { RootLayout } from './root-layout.tsx';

function elementOf(route: FeatureRoute, native: boolean) {
  if (native && route.nativeRedirect) return <Navigate to={route.nativeRedirect} replace />;
  if (isPending(route.page)) return <PendingPage titleKey={route.page.pending} />;
  const { Component } = route.page;
  return <Component />;
}

/** The route table of spec §2: the pages of the features on this platform, then "not found". */
export function buildRoutes({ native }: { native: boolean }): RouteObject[] {
  const features = featuresFor(native);
  return [
    {
      element: <RootLayout features={features} native={native} />,
      children: [
        ...features
          .flatMap((f) => f.routes)
          .map((route) => ({ path: route.path, element: elementOf(route, native) })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, SIGN_IN_PATH, type AppRoute } from '@planpiso/domain';
// The sign-in page is the one screen in the entry chunk so /login renders without a second round trip;
// everything else is lazy.
import { SignInPage } from '../features/identity/sign-in-page';
import { BootFallback } from './boot-fallback';
import { guardRoute, loginLoader, requireSession, unknownPathLoader } from './guards';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { screenFor } from './screens';

// The shell's chunk holds the prefetchers (the side menu imports them), so after the first screen this import
// resolves from memory; the sign-in page never loads it.
const prefetchListData = (route: AppRoute, url: URL) =>
  void import('./list-prefetch').then((m) => m.prefetchListData(route, url)).catch(() => undefined);

const home = ROUTES.find((r) => r.path === '/')!;

type ScreenLoader = () => Promise<ComponentType>;

/** Screens whose code has arrived, by their loader (screens.ts gives one loader per path). */
const loadedScreens = new Map<ScreenLoader, ComponentType>();
const loadScreen = async (load: ScreenLoader) => {
  const Screen = await load();
  loadedScreens.set(load, Screen);
  return Screen;
};

/** Whether the shell has painted once: from then on a navigation waits for its screen's code, as before. */
let shellShown = false;
function markingShellShown(Shell: ComponentType): ComponentType {
  return function ShownShell() {
    useEffect(() => {
      shellShown = true;
    }, []);
    return <Shell />;
  };
}

/**
 * A screen that loads its own code (decision 028) rather than the route's `lazy` on the first navigation: React
 * Router renders nothing of a navigation until every `lazy` of it resolves, so the shell (side menu, title) waited
 * for the screen's code — the grid's 476 KB chunk on a list — and painted with it, late, on a phone. Now the shell
 * paints while the screen's chunk loads. Not under Suspense: React holds a suspended boundary's reveal for 300 ms,
 * which kept a first load's rows and notices back that long after their code and data had arrived (decision 094).
 * The code's arrival is a state update in a transition; a chunk that fails to load throws to the route's error
 * screen, as `lazy` did. Later navigations wait for the code in the loader (startScreen): the screen renders at once.
 */
function lazyScreen(load: ScreenLoader): ComponentType {
  return function LazyScreen() {
    const [Screen, setScreen] = useState<ComponentType | null>(() => loadedScreens.get(load) ?? null);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const painted = useShellPainted();
    useEffect(() => {
      if (Screen || !painted) return;
      let mounted = true;
      loadScreen(load).then(
        // A transition: React renders the screen in slices, yielding to the browser, as it rendered a suspended one.
        (loaded) => mounted && startTransition(() => setScreen(() => loaded)),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Screen, painted]);
    if (failure) throw failure.error;
    return Screen ? <Screen /> : null;
  };
}

/**
 * On the first load, whether the shell has had its first paint (decision 053): only then does the screen ask for its
 * code. Asked for beside the shell's, a list's grid chunk (450 KB) shared the phone's bandwidth and main thread with
 * the shell and delayed the frame's paint by about a second on a slow connection, for rows that come with their data
 * anyway. Later navigations load the code in the loader, before they render (see startScreen).
 */
function useShellPainted(): boolean {
  const [painted, setPainted] = useState(shellShown);
  useEffect(() => {
    if (painted) return;
    // The frame after the next one: the browser has painted the shell by then.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [painted]);
  return painted;
}

/**
 * The route's loader, after the guard: starts the screen's code and its list's first page as the navigation starts.
 * Waits for the code only once the shell is on screen (see lazyScreen); never for the data.
 */
const startScreen = (route: AppRoute, url: URL) => {
  prefetchListData(route, url);
  // The first load asks for the screen's code once the shell has painted (useShellPainted).
  if (!shellShown) return undefined;
  return loadScreen(screenFor(route)).catch(() => undefined);
};

/**
 * Every route of the domain table (spec 1 §2.2) under the authenticated shell, plus /login and the fallback.
 * A function, not a constant: React Router consumes each route's `lazy` object as it resolves, so every router
 * (one in the browser, one per test) needs its own route objects.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      // No component: the children render in its place. A sign-out anywhere (401, timer, another tab) empties the
      // session, and the shell without one goes to /login (app-layout.tsx).
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteError,
      children: [
        { path: SIGN_IN_PATH, loader: loginLoader, Component: SignInPage },
        {
          id: 'app',
          loader: requireSession,
          lazy: { Component: async () => markingShellShown((await import('./shell/app-layout')).AppLayout) },
          children: [
            {
              index: true,
              handle: { route: home } satisfies RouteHandle,
              lazy: { Component: async () => (await import('./shell/welcome-page')).WelcomePage },
            },
            {
              lazy: { Component: async () => (await import('./shell/page-frame')).PageFrame },
              children: ROUTES.filter((r) => r.path !== '/').map((route): RouteObject => ({
                path: route.path,
                loader: guardRoute(route, startScreen),
                handle: { route } satisfies RouteHandle,
                Component: lazyScreen(screenFor(route)),
              })),
            },
          ],
        },
        { path: '*', loader: unknownPathLoader },
      ],
    },
  ];
}

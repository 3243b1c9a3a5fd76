/**
 * The routes, generated from the resource registry (registry.tsx): the login page is in the first chunk;
 * the app shell (AppLayout) and every page are loaded when first needed.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../api/client';
import { can, session } from '../api/session';
import { prefetchList } from '../components/listQuery';
import { LoginPage } from '../features/auth/LoginPage';
import { queryClient } from './providers';
import { preloadPage } from './navigation';
import { RESOURCES, type Resource } from './registry';
import { useSession } from '../api/useSession';

const AppLayout = lazy(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));
const Forbidden = lazy(() => import('./statusPages').then((m) => ({ default: m.Forbidden })));
const NotFound = lazy(() => import('./statusPages').then((m) => ({ default: m.NotFound })));

/** Shown while the shell's code loads: antd's Spin look in plain markup (styles.css), so it needs no antd. */
const loading = (
  <div className="kk-loading" role="status" aria-label="กำลังโหลด">
    <span className="kk-loading-dot" aria-hidden>
      <i />
      <i />
      <i />
      <i />
    </span>
  </div>
);

/** Installs the 401 → /login handler of the API client (navigate, no reload). */
function SessionGuard() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler((reason) => navigate(`/login?reason=${encodeURIComponent(reason)}`, { replace: true }));
  }, [navigate]);
  return <Outlet />;
}

function RequireLogin() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <Suspense fallback={loading}>
      <AppLayout />
    </Suspense>
  );
}

function Allow({ action, subject, children }: { action: string; subject: string; children: ReactNode }) {
  const { can } = useSession();
  return can(action, subject) ? <>{children}</> : <Forbidden />;
}

/**
 * On navigation the page's code starts loading and, for a list, its rows are fetched at the same time (the
 * query ListPage then reads), instead of one after the other. The loader does not wait for either.
 */
function route(r: Resource) {
  const Page = r.page;
  return {
    path: r.path,
    element: r.ability ? (
      <Allow action={r.ability[0]} subject={r.ability[1]}>
        <Page />
      </Allow>
    ) : (
      <Page />
    ),
    loader: ({ request }: { request: Request }) => {
      preloadPage(r);
      if (r.list && (!r.ability || can(session.ability, r.ability[0], r.ability[1])) && session.isLoggedIn()) {
        prefetchList(queryClient, r.list, new URL(request.url).searchParams);
      }
      return null;
    },
  };
}

const router = createBrowserRouter([
  {
    element: <SessionGuard />,
    hydrateFallbackElement: loading,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireLogin />,
        children: [...RESOURCES.map(route), { path: '*', element: <NotFound /> }],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './layout/route-guards';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { LoginRoute } from './routes/login';
import { RegisterRoute } from './routes/register';
import { ResetPasswordRoute } from './routes/reset-password';

// Split by route (issue 15): the sign-in screens load alone; each signed-in screen, and what only
// it uses (charts, markdown, dropzone, the workspace), comes when first opened.
const loadLayout = () => import('./layout/app-layout');
const loadDashboard = () => import('./routes/dashboard');
const loadDetail = () => import('./routes/opportunity-detail');
const loadDocuments = () => import('./routes/documents');
const loadSettings = () => import('./routes/settings');
const loadAdmin = () => import('./routes/admin');
const loadWorkspace = () => import('./routes/workspace');
const loadJoin = () => import('./routes/join');

/**
 * A lazily loaded screen that, once its code is here (prefetched or preloaded), renders directly
 * instead of suspending for a tick: React.lazy always shows the fallback on its first render, which
 * would flash a spinner over the screen's own loading state.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const remember = () => load().then((m) => (loaded = pick(m)));
  const Lazy = lazy(() => remember().then((c) => ({ default: c })));
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { preload: remember });
}

const AppLayout = lazyScreen(loadLayout, (m) => m.AppLayout);
const DashboardRoute = lazyScreen(loadDashboard, (m) => m.DashboardRoute);
const OpportunityDetailRoute = lazyScreen(loadDetail, (m) => m.OpportunityDetailRoute);
const DocumentsRoute = lazyScreen(loadDocuments, (m) => m.DocumentsRoute);
const SettingsRoute = lazyScreen(loadSettings, (m) => m.SettingsRoute);
const AdminRoute = lazyScreen(loadAdmin, (m) => m.AdminRoute);
const WorkspaceRoute = lazyScreen(loadWorkspace, (m) => m.WorkspaceRoute);
const JoinRoute = lazyScreen(loadJoin, (m) => m.JoinRoute);

/** Loads every screen's code now: the web tests render routes without waiting on imports. */
export async function preloadRoutes(): Promise<void> {
  await Promise.all([AppLayout, DashboardRoute, OpportunityDetailRoute, DocumentsRoute, SettingsRoute, AdminRoute, WorkspaceRoute, JoinRoute].map((s) => s.preload()));
}

const fallback = (
  <Center py="xl">
    <Loader />
  </Center>
);
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={fallback}>{children}</Suspense>;

/**
 * On the sign-in screens, the first key press or tap (someone typing their email) fetches the
 * layout and dashboard code, so the cards follow the Sign In click without a download in between,
 * while a visit that never signs in transfers only the sign-in screen.
 */
function PrefetchSignedInScreens() {
  useEffect(() => {
    const prefetch = () => {
      void AppLayout.preload();
      void DashboardRoute.preload();
    };
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    events.forEach((e) => window.addEventListener(e, prefetch, { once: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, prefetch));
  }, []);
  return <Outlet />;
}

/** Every route of SPEC §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RedirectIfSignedIn />}>
        <Route element={<PrefetchSignedInScreens />}>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterRoute />} />
        </Route>
      </Route>
      <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="/reset-password/:token" element={<ResetPasswordRoute />} />
      <Route path="/join/:token" element={<Lazy><JoinRoute /></Lazy>} />
      <Route element={<RequireAuth />}>
        <Route element={<Lazy><AppLayout /></Lazy>}>
          <Route path="/" element={<Lazy><DashboardRoute /></Lazy>} />
          <Route path="/opportunity/:id" element={<Lazy><OpportunityDetailRoute /></Lazy>} />
          <Route path="/documents" element={<Lazy><DocumentsRoute /></Lazy>} />
          <Route path="/ai-workspace" element={<Lazy><DocumentsRoute /></Lazy>} />
          <Route path="/settings" element={<Lazy><SettingsRoute /></Lazy>} />
          <Route path="/admin" element={<Lazy><AdminRoute /></Lazy>} />
          <Route path="/workspace/:workspaceId" element={<Lazy><WorkspaceRoute /></Lazy>} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

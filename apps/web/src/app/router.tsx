import { Center, Loader } from '@mantine/core';
import { Activity, Suspense, lazy, memo, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../lib/session-context';
import { loadDashboardQuery } from '../features/opportunities/dashboard-prefetch';
import { safeRedirect } from '../lib/safe-redirect';
import { PreviewContext, RedirectIfSignedIn, RequireAuth } from './layout/route-guards';
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
const loadPipeline = () => import('./routes/pipeline');
const loadPartners = () => import('./routes/partners');
const loadGuestDashboard = () => import('./routes/guest-dashboard');
const loadRadar = () => import('./routes/radar');

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
const PipelineRoute = lazyScreen(loadPipeline, (m) => m.PipelineRoute);
const PartnersRoute = lazyScreen(loadPartners, (m) => m.PartnersRoute);
const GuestDashboardRoute = lazyScreen(loadGuestDashboard, (m) => m.GuestDashboardRoute);
const RadarRoute = lazyScreen(loadRadar, (m) => m.RadarRoute);

/** Loads every screen's code now: the web tests render routes without waiting on imports. */
export async function preloadRoutes(): Promise<void> {
  await Promise.all(
    [
      AppLayout,
      DashboardRoute,
      OpportunityDetailRoute,
      DocumentsRoute,
      SettingsRoute,
      AdminRoute,
      WorkspaceRoute,
      JoinRoute,
      PipelineRoute,
      GuestDashboardRoute,
      RadarRoute,
      PartnersRoute,
    ].map((s) => s.preload()),
  );
}

const fallback = (
  <Center py="xl">
    <Loader />
  </Center>
);
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={fallback}>{children}</Suspense>;

/**
 * On the sign-in screens, the first key press or tap (someone typing their email) fetches the
 * layout and dashboard code and names the screen signing in will open (`nextScreen`), which
 * AppRoutes then renders hidden; a visit that never signs in transfers only the sign-in screen.
 */
function PrefetchSignedInScreens() {
  const { setNextScreen } = useSession();
  const location = useLocation();
  // Sign-in follows an in-app `redirect`; registering always opens the dashboard.
  const target = location.pathname === '/login' ? safeRedirect(new URLSearchParams(location.search).get('redirect')) : '/';
  useEffect(() => {
    const prefetch = () => {
      void AppLayout.preload();
      void DashboardRoute.preload();
      void loadDashboardQuery();
      setNextScreen(target);
    };
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    events.forEach((e) => window.addEventListener(e, prefetch, { once: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, prefetch));
  }, [target, setNextScreen]);
  return <Outlet />;
}

const SIGN_IN_PATHS = new Set(['/login', '/register']);
/** Screens outside the signed-in layout (SPEC §2); every other path is a signed-in screen. */
const PUBLIC_PATHS = ['/login', '/register', '/forgot-password', '/reset-password/:token', '/join/:token'];

/**
 * The signed-in screens in the app layout. Memoised on the location it shows (an object that
 * changes only with path, query and hash): revealing a preview (same path, now with a session)
 * re-renders none of the screen's route and location consumers, only what reads the session.
 */
const SignedInRoutes = memo(function SignedInRoutes({
  location,
  isGuest,
}: {
  location: { pathname: string; search: string; hash: string };
  isGuest: boolean;
}) {
  return (
    <Routes location={location}>
      {PUBLIC_PATHS.map((path) => (
        <Route key={path} path={path} element={null} />
      ))}
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Lazy>
              <AppLayout />
            </Lazy>
          }
        >
          {/* Issue 26: a guest's / holds no opportunity data. Chosen here, from a prop that stays
              false for internal users, so the hidden preview's dashboard is kept on sign-in. */}
          <Route path="/" element={<Lazy>{isGuest ? <GuestDashboardRoute /> : <DashboardRoute />}</Lazy>} />
          <Route
            path="/opportunity/:id"
            element={
              <Lazy>
                <OpportunityDetailRoute />
              </Lazy>
            }
          />
          <Route
            path="/documents"
            element={
              <Lazy>
                <DocumentsRoute />
              </Lazy>
            }
          />
          <Route
            path="/ai-workspace"
            element={
              <Lazy>
                <DocumentsRoute />
              </Lazy>
            }
          />
          <Route
            path="/settings"
            element={
              <Lazy>
                <SettingsRoute />
              </Lazy>
            }
          />
          <Route
            path="/admin"
            element={
              <Lazy>
                <AdminRoute />
              </Lazy>
            }
          />
          <Route
            path="/workspace/:workspaceId"
            element={
              <Lazy>
                <WorkspaceRoute />
              </Lazy>
            }
          />
          <Route
            path="/pipeline"
            element={
              <Lazy>
                <PipelineRoute />
              </Lazy>
            }
          />
          <Route
            path="/radar"
            element={
              <Lazy>
                <RadarRoute />
              </Lazy>
            }
          />
          <Route
            path="/partners"
            element={
              <Lazy>
                <PartnersRoute />
              </Lazy>
            }
          />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
});

/**
 * Every route of SPEC §2, in two route trees: the public screens, and the signed-in screens in the
 * app layout. While someone fills in the sign-in form, the signed-in tree renders the screen the
 * sign-in will open (`nextScreen`) hidden (React's <Activity>: rendered at idle priority, no effects,
 * no API calls, display: none), then, when the session arrives and the URL gets there, the same
 * tree is shown instead of built (issue 15: Sign In click to cards; building the layout and the
 * dashboard took ~170 ms of the main thread after the sign-in answer). Anywhere else the signed-in
 * tree follows the URL as a single tree would.
 */
export function AppRoutes() {
  const { nextScreen, setNextScreen, user } = useSession();
  const location = useLocation();
  const onSignIn = SIGN_IN_PATHS.has(location.pathname);
  // Still on the sign-in page after the token arrived (the navigation is a transition that lands a
  // render later): keep previewing, so the hidden tree is not torn down for that one render.
  const preview = onSignIn ? nextScreen : null;
  useEffect(() => {
    if (!onSignIn && nextScreen) setNextScreen(null);
  }, [onSignIn, nextScreen, setNextScreen]);
  const shown = preview ? new URL(preview, window.location.origin) : location;
  const { pathname, search, hash } = shown;
  const signedInLocation = useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
  return (
    <>
      <Routes>
        <Route element={<RedirectIfSignedIn />}>
          <Route element={<PrefetchSignedInScreens />}>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/register" element={<RegisterRoute />} />
          </Route>
        </Route>
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="/reset-password/:token" element={<ResetPasswordRoute />} />
        <Route
          path="/join/:token"
          element={
            <Lazy>
              <JoinRoute />
            </Lazy>
          }
        />
        <Route path="*" element={null} />
      </Routes>
      <Activity mode={preview ? 'hidden' : 'visible'}>
        <PreviewContext.Provider value={Boolean(preview)}>
          <SignedInRoutes location={signedInLocation} isGuest={user?.is_guest ?? false} />
        </PreviewContext.Provider>
      </Activity>
    </>
  );
}

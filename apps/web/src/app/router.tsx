import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RedirectIfSignedIn, RequireAuth } from './layout/route-guards';
import { AdminRoute } from './routes/admin';
import { DashboardRoute } from './routes/dashboard';
import { DocumentsRoute } from './routes/documents';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { JoinRoute } from './routes/join';
import { LoginRoute } from './routes/login';
import { OpportunityDetailRoute } from './routes/opportunity-detail';
import { RegisterRoute } from './routes/register';
import { ResetPasswordRoute } from './routes/reset-password';
import { SettingsRoute } from './routes/settings';
import { WorkspaceRoute } from './routes/workspace';

/** Every route of SPEC §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RedirectIfSignedIn />}>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/register" element={<RegisterRoute />} />
      </Route>
      <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="/reset-password/:token" element={<ResetPasswordRoute />} />
      <Route path="/join/:token" element={<JoinRoute />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route path="/" element={<DashboardRoute />} />
          <Route path="/opportunity/:id" element={<OpportunityDetailRoute />} />
          <Route path="/documents" element={<DocumentsRoute />} />
          <Route path="/ai-workspace" element={<DocumentsRoute />} />
          <Route path="/settings" element={<SettingsRoute />} />
          <Route path="/admin" element={<AdminRoute />} />
          <Route path="/workspace/:workspaceId" element={<WorkspaceRoute />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

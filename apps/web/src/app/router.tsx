import { Result, Button } from 'antd';
import { lazy, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../api/client';
import { AppLayout } from './AppLayout';
import { useSession } from './useSession';
import { LoginPage } from '../features/auth/LoginPage';
import { HomePage } from '../features/home/HomePage';

const BranchList = lazy(() => import('../features/branches/BranchList'));
const BranchDetail = lazy(() => import('../features/branches/BranchDetail'));
const EmployeeList = lazy(() => import('../features/employees/EmployeeList'));
const EmployeeDetail = lazy(() => import('../features/employees/EmployeeDetail'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));

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
  return <AppLayout />;
}

function Allow({ action, subject, children }: { action: string; subject: string; children: ReactNode }) {
  const { can } = useSession();
  const navigate = useNavigate();
  if (!can(action, subject)) {
    return <Result status="403" title="ไม่มีสิทธิ์เข้าถึง" subTitle="บัญชีของคุณไม่มีสิทธิ์ใช้งานหน้านี้ หากต้องการใช้งานกรุณาติดต่อผู้ดูแลระบบ" extra={<Button type="primary" onClick={() => navigate('/')}>กลับหน้าแรก</Button>} />;
  }
  return <>{children}</>;
}

function NotFound() {
  const navigate = useNavigate();
  return <Result status="404" title="ไม่พบหน้าที่ต้องการ" subTitle="ลิงก์อาจไม่ถูกต้องหรือหน้านี้ถูกย้ายไปแล้ว" extra={<Button type="primary" onClick={() => navigate('/')}>กลับหน้าแรก</Button>} />;
}

const router = createBrowserRouter([
  {
    element: <SessionGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireLogin />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/employees', element: <Allow action="read" subject="User"><EmployeeList /></Allow> },
          { path: '/employees/new', element: <Allow action="create" subject="User"><EmployeeDetail /></Allow> },
          { path: '/employees/:id', element: <Allow action="read" subject="User"><EmployeeDetail /></Allow> },
          { path: '/branches', element: <Allow action="read" subject="Branch"><BranchList /></Allow> },
          { path: '/branches/new', element: <Allow action="create" subject="Branch"><BranchDetail /></Allow> },
          { path: '/branches/:id', element: <Allow action="read" subject="Branch"><BranchDetail /></Allow> },
          { path: '/settings', element: <Allow action="manage" subject="Setting"><SettingsPage /></Allow> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

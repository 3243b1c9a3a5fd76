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
const ApplicationList = lazy(() => import('../features/applications/ApplicationList'));
const PayBalanceList = lazy(() => import('../features/applications/ApplicationList').then((m) => ({ default: m.PayBalanceList })));
const NewApplication = lazy(() => import('../features/applications/NewApplication'));
const ApplicationDetail = lazy(() => import('../features/applications/ApplicationDetail'));
const CardAgentHelp = lazy(() => import('../features/help/CardAgentHelp'));
const RequestList = lazy(() => import('../features/approvals/ApprovalList'));
const OverdueList = lazy(() => import('../features/applications/Overdue'));
const PaymentHistory = lazy(() => import('../features/payments/PaymentHistory'));
const CashClose = lazy(() => import('../features/cashclose/CashClose'));
const fees = () => import('../features/applications/FeeApplications');
const FeeList = lazy(() => fees().then((m) => ({ default: () => <m.FeeApplicationList kind="fee" /> })));
const RequestFeeList = lazy(() => fees().then((m) => ({ default: () => <m.FeeApplicationList kind="request" /> })));
const NewFee = lazy(() => fees().then((m) => ({ default: () => <m.NewFeeApplication kind="fee" /> })));
const NewRequestFee = lazy(() => fees().then((m) => ({ default: () => <m.NewFeeApplication kind="request" /> })));
const cat = {
  courses: () => import('../features/catalog/Courses'),
  promotions: () => import('../features/catalog/Promotions'),
  fees: () => import('../features/catalog/OtherFees'),
  others: () => import('../features/catalog/Others'),
};
const CourseList = lazy(() => cat.courses().then((m) => ({ default: m.CourseList })));
const CourseDetail = lazy(() => cat.courses().then((m) => ({ default: m.CourseDetail })));
const PromotionList = lazy(() => cat.promotions().then((m) => ({ default: m.PromotionList })));
const PromotionDetail = lazy(() => cat.promotions().then((m) => ({ default: m.PromotionDetail })));
const OtherFeeList = lazy(() => cat.fees().then((m) => ({ default: m.OtherFeeList })));
const OtherFeeDetail = lazy(() => cat.fees().then((m) => ({ default: m.OtherFeeDetail })));
const ExpenseList = lazy(() => cat.others().then((m) => ({ default: m.ExpenseList })));
const ExpenseDetail = lazy(() => cat.others().then((m) => ({ default: m.ExpenseDetail })));
const PayrollItemList = lazy(() => cat.others().then((m) => ({ default: m.PayrollItemList })));
const PayrollItemDetail = lazy(() => cat.others().then((m) => ({ default: m.PayrollItemDetail })));
const EvaluateList = lazy(() => cat.others().then((m) => ({ default: m.EvaluateList })));
const EvaluateDetail = lazy(() => cat.others().then((m) => ({ default: m.EvaluateDetail })));
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
          { path: '/help/card-agent', element: <CardAgentHelp /> },
          { path: '/fee-applications', element: <Allow action="read" subject="Application"><FeeList /></Allow> },
          { path: '/fee-applications/new', element: <Allow action="create" subject="Application"><NewFee /></Allow> },
          { path: '/fee-applications/:id', element: <Allow action="read" subject="Application"><ApplicationDetail prefix="applicationfee" back="/fee-applications" /></Allow> },
          { path: '/request-applications', element: <Allow action="read" subject="Application"><RequestFeeList /></Allow> },
          { path: '/request-applications/new', element: <Allow action="create" subject="Application"><NewRequestFee /></Allow> },
          { path: '/request-applications/:id', element: <Allow action="read" subject="Application"><ApplicationDetail prefix="applicationrequest" back="/request-applications" /></Allow> },
          { path: '/requests', element: <Allow action="read" subject="Request"><RequestList /></Allow> },
          { path: '/overdue', element: <Allow action="read" subject="Application"><OverdueList /></Allow> },
          { path: '/payments', element: <Allow action="read" subject="Payment"><PaymentHistory /></Allow> },
          { path: '/cash-close', element: <Allow action="read" subject="Payment"><CashClose /></Allow> },
          { path: '/applications', element: <Allow action="read" subject="Application"><ApplicationList /></Allow> },
          { path: '/applications/new', element: <Allow action="create" subject="Application"><NewApplication /></Allow> },
          { path: '/applications/:id', element: <Allow action="read" subject="Application"><ApplicationDetail /></Allow> },
          { path: '/paybalance', element: <Allow action="read" subject="Application"><PayBalanceList /></Allow> },
          { path: '/paybalance/:id', element: <Allow action="read" subject="Application"><ApplicationDetail back="/paybalance" focusPay /></Allow> },
          ...([
            ['/courses', 'Course', CourseList, CourseDetail], ['/promotions', 'Promotion', PromotionList, PromotionDetail],
            ['/otherfees', 'OtherFee', OtherFeeList, OtherFeeDetail], ['/list-expenses', 'ListExpense', ExpenseList, ExpenseDetail],
            ['/list-payroll', 'ListPayroll', PayrollItemList, PayrollItemDetail], ['/evaluates', 'Evaluate', EvaluateList, EvaluateDetail],
          ] as const).flatMap(([path, subject, List, Detail]) => [
            { path, element: <Allow action="read" subject={subject}><List /></Allow> },
            { path: `${path}/new`, element: <Allow action="create" subject={subject}><Detail /></Allow> },
            { path: `${path}/:id`, element: <Allow action="read" subject={subject}><Detail /></Allow> },
          ]),
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

/**
 * antd's App (message, notification and modal for the pages): loaded with the first page after the home
 * page, not with the shell. See AppLayout.
 */
import { App } from 'antd';
import type { ReactNode } from 'react';

export default function PageServices({ children }: { children: ReactNode }) {
  return <App>{children}</App>;
}

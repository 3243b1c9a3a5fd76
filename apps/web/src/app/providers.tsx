import '@fontsource/sarabun/300.css';
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/500.css';
import '@fontsource/sarabun/600.css';
import '@fontsource/sarabun/700.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import thTH from 'antd/locale/th_TH';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { buddhistLocale } from '../components/buddhistLocale';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
    },
  },
});

const locale = { ...thTH, DatePicker: buddhistLocale };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} form={{ validateMessages: { required: 'กรุณากรอก${label}' } }}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

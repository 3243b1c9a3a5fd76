/**
 * antd's configuration (Thai locale with Buddhist-era dates, the school's theme, Thai form messages) around
 * the signed-in app. AppLayout loads it: the login page is plain markup and carries none of antd or dayjs.
 */
import { ConfigProvider } from 'antd';
import thTH from 'antd/locale/th_TH';
import type { ReactNode } from 'react';
import { buddhistLocale } from '../components/buddhistLocale';
import { theme } from './theme';

const locale = { ...thTH, DatePicker: buddhistLocale };

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={locale} theme={theme} form={{ validateMessages: { required: 'กรุณากรอก${label}' } }}>
      {children}
    </ConfigProvider>
  );
}

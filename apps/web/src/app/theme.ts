import type { ThemeConfig } from 'antd';

export const PRIMARY = '#0b6e4f';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorInfo: '#1f5f8b',
    colorLink: PRIMARY,
    fontFamily: "Sarabun, 'Noto Sans Thai', sans-serif",
    fontSize: 15,
    borderRadius: 8,
    colorBgLayout: '#f3f6f4',
  },
  components: {
    Layout: { siderBg: '#0a3d2e', headerBg: '#ffffff', headerPadding: '0 24px', headerHeight: 60 },
    Menu: {
      darkItemBg: '#0a3d2e',
      darkSubMenuItemBg: '#072e22',
      darkItemSelectedBg: PRIMARY,
      darkGroupTitleColor: 'rgba(255,255,255,0.55)',
    },
    Table: { headerBg: '#eef4f1' },
    Card: { headerFontSize: 17 },
  },
};

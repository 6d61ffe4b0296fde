import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './admin.css';

/**
 * antd's defaults fail WCAG AA contrast in places (secondary text at 45 % black, the primary
 * blue behind white text): the back office uses the app's own primary colour and darker greys.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0b57d0',
    // antd derives a lighter blue for hover (white on it is 4.3:1): darker instead
    colorPrimaryHover: '#083f99',
    colorPrimaryActive: '#062f73',
    colorLink: '#083f99',
    colorTextSecondary: 'rgba(0, 0, 0, 0.7)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.6)',
    colorError: '#b3261e',
    colorSuccess: '#1e6b34',
    fontSize: 14,
  },
};

/** antd in the app's language and the back office's theme, with its message and modal hooks. */
export function AdminProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    // no space between two Chinese characters of a button: "登 录" would be read letter by letter
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={THEME}
      button={{ autoInsertSpace: false }}
    >
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}

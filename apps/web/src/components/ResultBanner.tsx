import { Alert } from 'antd';

export interface BannerState {
  status: 'success' | 'error';
  message: string;
}

export interface ResultBannerProps {
  /** The server's answer after a mutation; null hides the banner. */
  result: BannerState | null;
  onClose?: () => void;
}

/** The server's message after every mutation: green for success, red for status 'error'. */
export function ResultBanner({ result, onClose }: ResultBannerProps) {
  if (!result) return null;
  return (
    <Alert
      role={result.status === 'error' ? 'alert' : 'status'}
      type={result.status === 'error' ? 'error' : 'success'}
      title={result.message}
      showIcon
      closable={{ onClose, 'aria-label': 'ปิด' }}
      style={{ marginBottom: 16 }}
    />
  );
}

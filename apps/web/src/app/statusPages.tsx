/** The 403 and 404 pages (antd Result with its illustrations: loaded only when shown). */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function Forbidden() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="ไม่มีสิทธิ์เข้าถึง"
      subTitle="บัญชีของคุณไม่มีสิทธิ์ใช้งานหน้านี้ หากต้องการใช้งานกรุณาติดต่อผู้ดูแลระบบ"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          กลับหน้าแรก
        </Button>
      }
    />
  );
}

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="ไม่พบหน้าที่ต้องการ"
      subTitle="ลิงก์อาจไม่ถูกต้องหรือหน้านี้ถูกย้ายไปแล้ว"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          กลับหน้าแรก
        </Button>
      }
    />
  );
}

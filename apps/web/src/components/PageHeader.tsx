import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Path of the back button (omit for none). */
  back?: string;
  /** Buttons on the right. */
  extra?: ReactNode;
}

export function PageHeader({ title, subtitle, back, extra }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        {back && <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(back)} aria-label="ย้อนกลับ" />}
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
      </Flex>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}

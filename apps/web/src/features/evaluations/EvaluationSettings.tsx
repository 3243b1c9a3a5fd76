/** เกณฑ์การประเมินและรายการตรวจสภาพรถ: the level scale, the passing level and the checklists (owners). */
import { MinusCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { evaluationKeys, getEvaluationSettings, saveEvaluationSettings } from './queries';

const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

export default function EvaluationSettings() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: evaluationKeys.settings, queryFn: getEvaluationSettings });
  const [levels, setLevels] = useState<{ value: number; name: string }[]>([]);
  const [pass, setPass] = useState<number>(2);
  const [car, setCar] = useState('');
  const [moto, setMoto] = useState('');
  const [banner, setBanner] = useState<BannerState | null>(null);
  useEffect(() => {
    if (!q.data) return;
    setLevels(q.data.levels);
    setPass(q.data.pass_level);
    setCar(q.data.check_items.car.join('\n'));
    setMoto(q.data.check_items.motorcycle.join('\n'));
  }, [q.data]);
  const save = useMutation({
    mutationFn: () =>
      saveEvaluationSettings({
        levels,
        pass_level: pass,
        check_items: { car: lines(car), motorcycle: lines(moto) },
      }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      qc.setQueryData(evaluationKeys.settings, res.data);
      void qc.invalidateQueries({ queryKey: evaluationKeys.all });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  return (
    <div>
      <PageHeader
        title="เกณฑ์การประเมินและรายการตรวจสภาพรถ"
        back="/evaluations"
        subtitle="ระดับที่ครูฝึกให้แต่ละหัวข้อ ระดับที่ถือว่าผ่าน และรายการที่ต้องตรวจก่อนใช้รถสอบ"
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card size="small" title="ระดับผลการประเมิน (จากน้อยไปมาก)" style={{ marginBottom: 16 }}>
            {levels.map((l, i) => (
              <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
                <InputNumber
                  min={1}
                  max={20}
                  value={l.value}
                  aria-label={`ค่าระดับที่ ${i + 1}`}
                  style={{ width: 70 }}
                  onChange={(v) => setLevels((ls) => ls.map((x, k) => (k === i ? { ...x, value: v ?? 1 } : x)))}
                />
                <Input
                  value={l.name}
                  aria-label={`ชื่อระดับที่ ${i + 1}`}
                  maxLength={50}
                  style={{ width: 200 }}
                  onChange={(e) => setLevels((ls) => ls.map((x, k) => (k === i ? { ...x, name: e.target.value } : x)))}
                />
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label="ลบระดับ"
                  disabled={levels.length <= 2}
                  onClick={() => setLevels((ls) => ls.filter((_, k) => k !== i))}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={levels.length >= 10}
              onClick={() => setLevels((ls) => [...ls, { value: (ls[ls.length - 1]?.value ?? 0) + 1, name: '' }])}
            >
              เพิ่มระดับ
            </Button>
            <div style={{ marginTop: 12 }}>
              <Typography.Text>ผ่านเกณฑ์ตั้งแต่ระดับ </Typography.Text>
              <Select
                value={pass}
                onChange={setPass}
                aria-label="ระดับที่ผ่านเกณฑ์"
                style={{ width: 200 }}
                options={levels.map((l) => ({ value: l.value, label: `${l.value} ${l.name}` }))}
              />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title="รายการตรวจสภาพรถ (บรรทัดละหนึ่งรายการ)" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col span={12}>
                <Typography.Text strong>รถยนต์</Typography.Text>
                <Input.TextArea
                  value={car}
                  onChange={(e) => setCar(e.target.value)}
                  aria-label="รายการตรวจรถยนต์"
                  autoSize={{ minRows: 8 }}
                />
              </Col>
              <Col span={12}>
                <Typography.Text strong>รถจักรยานยนต์</Typography.Text>
                <Input.TextArea
                  value={moto}
                  onChange={(e) => setMoto(e.target.value)}
                  aria-label="รายการตรวจรถจักรยานยนต์"
                  autoSize={{ minRows: 8 }}
                />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate()}>
        บันทึก
      </Button>
    </div>
  );
}

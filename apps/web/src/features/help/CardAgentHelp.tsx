/** วิธีติดตั้งโปรแกรมอ่านบัตรประชาชน — the steps of apps/card-agent/README.md, in Thai, for the person setting up a counter PC. */
import { Alert, Card, Steps, Typography } from 'antd';
import { PageHeader } from '../../components/PageHeader';

const { Paragraph, Text } = Typography;
const Code = ({ children }: { children: string }) => (
  <pre style={{ background: '#f6f8fa', padding: 12, borderRadius: 6, overflowX: 'auto', fontSize: 13 }}>{children}</pre>
);

export default function CardAgentHelp() {
  return (
    <div>
      <PageHeader
        title="วิธีติดตั้งโปรแกรมอ่านบัตรประชาชน"
        subtitle="โปรแกรมขนาดเล็กที่ทำงานบนเครื่องหน้าเคาน์เตอร์ อ่านบัตรจากเครื่องอ่านบัตร (USB PC/SC) แล้วส่งข้อมูลให้หน้าสมัครเรียน"
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="โปรแกรมอ่านบัตรรับคำขอจากเครื่องนี้เท่านั้น (127.0.0.1) พอร์ตมาตรฐานคือ 8189 หากเปลี่ยนพอร์ต ให้แก้ที่ ตั้งค่าโรงเรียน → พอร์ตโปรแกรมอ่านบัตร ให้ตรงกัน"
      />
      <Card title="Windows (เครื่องหน้าเคาน์เตอร์ส่วนใหญ่)" style={{ marginBottom: 16 }}>
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={[
            {
              title: 'ติดตั้ง Node.js 20 LTS (x64)',
              description: 'ดาวน์โหลดตัวติดตั้ง MSI จาก nodejs.org ไม่ต้องเลือก "Tools for native modules"',
            },
            {
              title: 'คัดลอกโปรแกรมไว้ที่ C:\\khabkhi แล้วติดตั้ง',
              description: (
                <Code>
                  {
                    'cd C:\\khabkhi\nnpm ci --omit=dev\nnpm run check:pcsc -w apps/card-agent     # ต้องขึ้นว่า pcsc-mini binding OK'
                  }
                </Code>
              ),
            },
            {
              title: 'เสียบเครื่องอ่านบัตร',
              description: 'Windows จะติดตั้งไดรเวอร์ CCID ให้เอง และเปิดบริการ Smart Card (SCardSvr) อัตโนมัติ',
            },
            {
              title: 'ทดลองเปิดโปรแกรม',
              description: (
                <>
                  พิมพ์ <Text code>npm start -w apps/card-agent</Text> แล้วเปิด{' '}
                  <Text code>http://127.0.0.1:8189/status</Text> ในเบราว์เซอร์ ต้องเห็น <Text code>"result":"ok"</Text>
                </>
              ),
            },
            {
              title: 'อนุญาตให้หน้าเว็บของโรงเรียนเรียกใช้',
              description: (
                <Code>
                  {"[Environment]::SetEnvironmentVariable('CARD_AGENT_ORIGINS', 'https://<ที่อยู่ระบบของโรงเรียน>', 'User')"}
                </Code>
              ),
            },
            {
              title: 'ให้เปิดเองทุกครั้งที่เข้าสู่ระบบ Windows',
              description: (
                <>
                  ใช้ Task Scheduler ตามคำสั่งใน <Text code>apps/card-agent/README.md</Text> หัวข้อ "Install and auto-start"
                  (ชื่องาน Khabkhi card agent)
                </>
              ),
            },
          ]}
        />
      </Card>
      <Card title="Linux (Debian/Ubuntu)" style={{ marginBottom: 16 }}>
        <Code>
          {
            'sudo apt-get install -y pcscd libpcsclite1 pcsc-tools\nsudo systemctl enable --now pcscd.socket\ncd ~/khabkhi && npm ci --omit=dev\nnpm run check:pcsc -w apps/card-agent\nmkdir -p ~/.config/systemd/user\ncp apps/card-agent/scripts/linux/khabkhi-card-agent.service ~/.config/systemd/user/\nsystemctl --user daemon-reload\nsystemctl --user enable --now khabkhi-card-agent'
          }
        </Code>
      </Card>
      <Card title="ตรวจสอบเมื่ออ่านบัตรไม่ได้">
        <Paragraph>• ข้อความ "ไม่พบโปรแกรมอ่านบัตร" — โปรแกรมยังไม่ทำงาน หรือพอร์ตไม่ตรงกับที่ตั้งไว้ในระบบ</Paragraph>
        <Paragraph>• ข้อความ "ไม่พบเครื่องอ่านบัตร" — ตรวจสายเครื่องอ่านบัตร และบริการ Smart Card / pcscd</Paragraph>
        <Paragraph>• ข้อความ "ไม่พบบัตรในเครื่องอ่าน" — เสียบบัตรให้สุด ด้านชิปหงายขึ้น แล้วกดอ่านบัตรอีกครั้ง</Paragraph>
        <Paragraph>• ปุ่ม "ทดสอบการเชื่อมต่อ" ในหน้า ตั้งค่าโรงเรียน จะบอกว่าโปรแกรม เครื่องอ่านบัตร และบัตร พร้อมหรือไม่</Paragraph>
      </Card>
    </div>
  );
}

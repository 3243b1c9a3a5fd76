/**
 * The accounting charts: a column chart of income and expenses per day (or month) and two donuts. ECharts core with
 * only the pieces used, loaded lazily by the accounting page alone.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, TitleComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { Chart } from '@khabkhi/contracts';
import { formatMoney } from '../../components/MoneyText';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, TitleComponent, SVGRenderer]);

const SLICE_COLOR: Record<string, string> = { course: '#3b6fd8', fee: '#13a8a8', request: '#8e44ad', other: '#1f9d6b' };
const FONT = 'Sarabun, "Noto Sans Thai", sans-serif';
const money = (v: unknown) => `${formatMoney(String(v))} บาท`;

function EChart({ option, height, label }: { option: echarts.EChartsCoreOption; height: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const inst = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'svg' });
    inst.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      inst.current = null;
    };
  }, []);
  useEffect(() => {
    inst.current?.setOption(option, true);
  }, [option]);
  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

export interface ChartsProps {
  chart: Chart;
  side: 'income' | 'expenses';
}

export default function AccountingCharts({ chart, side }: ChartsProps) {
  const cols = chart.income_column;
  const column: echarts.EChartsCoreOption = {
    textStyle: { fontFamily: FONT },
    tooltip: { trigger: 'axis', valueFormatter: money },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: cols.map((p) => p.label), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => v.toLocaleString('th-TH') } },
    series: [
      {
        name: 'รายรับ',
        type: 'bar',
        data: cols.map((p) => Number(p.income)),
        itemStyle: { color: '#1f9d6b' },
        barMaxWidth: 22,
      },
      {
        name: 'รายจ่าย',
        type: 'bar',
        data: cols.map((p) => Number(p.expenses)),
        itemStyle: { color: '#d9534f' },
        barMaxWidth: 22,
      },
    ],
  };
  const donut = (title: string, slices: Chart['income_donut']): echarts.EChartsCoreOption => ({
    textStyle: { fontFamily: FONT },
    title: { text: title, left: 'center', top: 0, textStyle: { fontSize: 14, fontFamily: FONT } },
    tooltip: { trigger: 'item', valueFormatter: money },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '48%'],
        avoidLabelOverlap: true,
        label: { show: false },
        // a donut shows parts of a whole: refunds (negative) are listed in the totals beside it, not drawn
        data: slices
          .filter((s) => Number(s.value) > 0)
          .map((s) => ({
            name: s.name,
            value: Number(s.value),
            ...(SLICE_COLOR[s.key] && side === 'income' ? { itemStyle: { color: SLICE_COLOR[s.key] } } : {}),
          })),
      },
    ],
  });
  const pie =
    side === 'income' ? donut('รายรับตามแหล่งที่มา', chart.income_donut) : donut('รายจ่ายตามหมวดหมู่', chart.expenses_donut);
  const refund = chart.income_donut.find((s) => s.key === 'refund');
  const empty = side === 'income' ? chart.income_donut.length === 0 : chart.expenses_donut.length === 0;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <div style={{ flex: '2 1 480px', minWidth: 0 }}>
        <EChart
          option={column}
          height={280}
          label={`กราฟรายรับและรายจ่าย${chart.period === 'day' ? 'รายวัน' : 'รายเดือน'}`}
        />
      </div>
      <div style={{ flex: '1 1 280px', minWidth: 0 }}>
        {empty ? (
          <div style={{ height: 280, display: 'grid', placeItems: 'center', color: '#888' }}>
            {side === 'income' ? 'ไม่มีรายรับในช่วงนี้' : 'ไม่มีรายจ่ายในช่วงนี้'}
          </div>
        ) : (
          <EChart
            option={pie}
            height={280}
            label={side === 'income' ? 'สัดส่วนรายรับตามแหล่งที่มา' : 'สัดส่วนรายจ่ายตามหมวดหมู่'}
          />
        )}
        {side === 'income' && refund && (
          <div style={{ textAlign: 'center', color: '#a00', fontSize: 13 }} data-testid="refund-note">
            หักคืนเงิน {formatMoney(refund.value.replace('-', ''))} บาท (รวมอยู่ในยอดรายรับสุทธิแล้ว)
          </div>
        )}
      </div>
    </div>
  );
}

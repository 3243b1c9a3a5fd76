/**
 * The takings of each branch this month against the same days of last month: a bar chart (ECharts core with only
 * the pieces used, loaded lazily by the dashboard alone). A click on a branch's bars opens its income list.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { formatMoney } from '../../components/MoneyText';
import { shortBranch } from './format';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const FONT = 'Sarabun, "Noto Sans Thai", sans-serif';
const money = (v: unknown) => `${formatMoney(String(v))} บาท`;

export interface BranchBars {
  name: string;
  month: string;
  previous: string;
}

export default function TakingsChart({
  rows,
  onPick,
  height = 280,
}: {
  rows: BranchBars[];
  onPick?: (index: number) => void;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  const inst = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'svg' });
    inst.current = c;
    c.on('click', (p) => pick.current?.((p as { dataIndex: number }).dataIndex));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      inst.current = null;
    };
  }, []);
  useEffect(() => {
    inst.current?.setOption(
      {
        textStyle: { fontFamily: FONT },
        tooltip: { trigger: 'axis', valueFormatter: money },
        legend: { top: 0 },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: {
          type: 'category',
          data: rows.map((r) => shortBranch(r.name)),
          axisLabel: { interval: 0, hideOverlap: true },
        },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => v.toLocaleString('th-TH') } },
        series: [
          {
            name: 'เดือนนี้',
            type: 'bar',
            data: rows.map((r) => Number(r.month)),
            itemStyle: { color: '#1f9d6b' },
            barMaxWidth: 28,
            cursor: 'pointer',
          },
          {
            name: 'ช่วงเดียวกันเดือนก่อน',
            type: 'bar',
            data: rows.map((r) => Number(r.previous)),
            itemStyle: { color: '#b7c4d6' },
            barMaxWidth: 28,
            cursor: 'pointer',
          },
        ],
      },
      true,
    );
  }, [rows]);
  return (
    <div
      ref={el}
      role="img"
      aria-label="กราฟรายรับสุทธิแต่ละสาขา เดือนนี้เทียบกับช่วงเดียวกันของเดือนก่อน"
      style={{ width: '100%', height }}
    />
  );
}

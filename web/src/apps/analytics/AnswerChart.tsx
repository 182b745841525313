import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { EChart } from '../admin/analytics/EChart';

/**
 * The answer's chart: the portal's ECharts wrapper (line, bar and pie, loaded when the first chart
 * mounts), sized for the answer; the instance is handed to the parent for the PNG export.
 */
export function AnswerChart({
  option,
  label,
  onChart,
}: {
  option: EChartsOption;
  label: string;
  onChart: (chart: ECharts | null) => void;
}) {
  return <EChart option={option} label={label} onChart={onChart} testId="analytics-chart" className="h-72 w-full sm:h-80" />;
}

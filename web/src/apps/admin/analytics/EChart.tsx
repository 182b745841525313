import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef } from 'react';

/** Starts loading the chart library before the first chart mounts (e.g. while a screen's data is on its way). */
export function preloadCharts(): void {
  import('./echarts-setup').catch(() => {});
}

/**
 * A tiny ECharts wrapper: the library is imported when the first chart mounts (its own chunk, out
 * of the main bundle), the chart follows its container's size and is disposed on unmount.
 */
export function EChart({
  option,
  label,
  height = 300,
  className,
  testId,
  onChart,
}: {
  option: EChartsOption;
  label: string;
  /** Pixels, unless a className sizes the chart. */
  height?: number;
  className?: string;
  testId?: string;
  /** Receives the instance once drawn (null when it goes), e.g. for a PNG export. */
  onChart?: (chart: ECharts | null) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;
  const onChartRef = useRef(onChart);
  onChartRef.current = onChart;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    import('./echarts-setup')
      .then(({ echarts }) => {
        const element = containerRef.current;
        if (disposed || !element) return;
        const chart = echarts.init(element, undefined, { renderer: 'canvas' });
        chartRef.current = chart;
        chart.setOption(optionRef.current);
        onChartRef.current?.(chart);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(element);
        }
      })
      .catch((error: unknown) => console.warn('The chart could not be drawn.', error));
    return () => {
      disposed = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
      onChartRef.current?.(null);
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={containerRef}
      role="img"
      aria-label={label}
      data-testid={testId}
      className={className ?? 'w-full'}
      style={className ? undefined : { height }}
    />
  );
}

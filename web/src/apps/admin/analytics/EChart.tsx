import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * A tiny ECharts wrapper: the library is imported when the first chart mounts (its own chunk, out
 * of the main bundle), the chart follows its container's size and is disposed on unmount.
 */
export function EChart({ option, label, height = 300 }: { option: EChartsOption; label: string; height?: number }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;

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
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={containerRef} role="img" aria-label={label} className="w-full" style={{ height }} />;
}
